// geojs (the annotation-render benchmark's peer) lists node-canvas as a dependency for drawing under Node,
// which the benchmark never does: geojs runs in Chromium from its prebuilt bundle (geo.min.js). node-canvas
// would fetch a prebuilt binary from GitHub at install, unreachable here, or compile against cairo. The
// root package.json's `overrides` puts this package in its place, so requiring it under Node says why.
throw new Error('node-canvas is not installed: geojs runs in the browser only (bench/geojs-peer)');
