/**
 * The few jsts 2.12 modules the repair uses (jsts ships no types; @types/jsts describes its old global
 * API). Deep ES-module imports, so the rest of jsts is never loaded.
 */
declare module 'jsts/org/locationtech/jts/io/GeoJSONReader.js' {
  export default class GeoJSONReader {
    read(geometry: object): JstsGeometry;
  }
}
declare module 'jsts/org/locationtech/jts/io/GeoJSONWriter.js' {
  export default class GeoJSONWriter {
    write(geometry: JstsGeometry): { type: string; coordinates: unknown };
  }
}
declare module 'jsts/org/locationtech/jts/operation/buffer/BufferOp.js' {
  const BufferOp: { bufferOp(geometry: JstsGeometry, distance: number): JstsGeometry };
  export default BufferOp;
}
declare module 'jsts/org/locationtech/jts/operation/valid/IsValidOp.js' {
  const IsValidOp: { isValid(geometry: JstsGeometry): boolean };
  export default IsValidOp;
}

interface JstsGeometry {
  getGeometryType(): string;
  getNumGeometries(): number;
  getGeometryN(n: number): JstsGeometry;
  isEmpty(): boolean;
}
