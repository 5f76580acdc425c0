export * from './library.ts';
export * from './pixels.ts';
export * from './vendors.ts';
export * from './openslide-slide.ts';
export * from './open-slide-file.ts';
