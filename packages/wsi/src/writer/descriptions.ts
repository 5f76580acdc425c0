import type { RgbColor } from '../formats/model.ts';

export interface DescribedImage {
  name: string;
  uuid: string;
  width: number;
  height: number;
  sampleType: 'uint8' | 'uint16';
  /** 3 for one RGB brightfield channel, 1 for fluorescence channels. */
  samplesPerPixel: number;
  channels: { name: string; color: RgbColor | null }[];
  metersPerPixel: { x: number; y: number } | null;
  magnification: number | null;
}

/**
 * OME-XML for the first IFD (OME-TIFF 2016-06): one Image whose planes are the main-chain IFDs, channel c
 * at IFD c; reduced levels are each plane's SubIFDs, which Bio-Formats (QuPath) and libvips read as the
 * pyramid. A brightfield image is SizeC 3 with one Channel of SamplesPerPixel 3, as bfconvert writes it.
 */
export function buildOmeXml(image: DescribedImage): string {
  const sizeC = image.channels.length * image.samplesPerPixel;
  const physical = image.metersPerPixel
    ? ` PhysicalSizeX="${micrometres(image.metersPerPixel.x)}" PhysicalSizeXUnit="µm"` +
      ` PhysicalSizeY="${micrometres(image.metersPerPixel.y)}" PhysicalSizeYUnit="µm"`
    : '';
  const hasObjective = image.magnification !== null && image.magnification > 0;
  const instrument = hasObjective
    ? `<Instrument ID="Instrument:0"><Objective ID="Objective:0" NominalMagnification="${image.magnification}"/></Instrument>`
    : '';
  const objectiveRefs = hasObjective
    ? '<InstrumentRef ID="Instrument:0"/><ObjectiveSettings ID="Objective:0"/>'
    : '';
  const channels = image.channels
    .map((channel, c) => {
      const color = channel.color ? ` Color="${omeColorValue(channel.color)}"` : '';
      return `<Channel ID="Channel:0:${c}" Name="${escapeXml(channel.name)}" SamplesPerPixel="${image.samplesPerPixel}"${color}/>`;
    })
    .join('');
  const tiffData = image.channels
    .map((_, c) => `<TiffData FirstC="${c}" FirstT="0" FirstZ="0" IFD="${c}" PlaneCount="1"/>`)
    .join('');
  return (
    '<?xml version="1.0" encoding="UTF-8"?>' +
    '<OME xmlns="http://www.openmicroscopy.org/Schemas/OME/2016-06" ' +
    'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" ' +
    'xsi:schemaLocation="http://www.openmicroscopy.org/Schemas/OME/2016-06 http://www.openmicroscopy.org/Schemas/OME/2016-06/ome.xsd" ' +
    `UUID="urn:uuid:${image.uuid}" Creator="Tessera">` +
    instrument +
    `<Image ID="Image:0" Name="${escapeXml(image.name)}">${objectiveRefs}` +
    `<Pixels ID="Pixels:0" DimensionOrder="XYCZT" Type="${image.sampleType}" BigEndian="false"` +
    ` Interleaved="${image.samplesPerPixel > 1}" SignificantBits="${image.sampleType === 'uint8' ? 8 : 16}"` +
    ` SizeX="${image.width}" SizeY="${image.height}" SizeC="${sizeC}" SizeZ="1" SizeT="1"${physical}>` +
    channels +
    tiffData +
    '</Pixels></Image></OME>'
  );
}

/**
 * An Aperio-style description for the successive-IFD layout: the one pyramid layout OpenSlide 3.4.1 and
 * iipsrv read. Our reader, OpenSlide and QuPath take MPP and AppMag from it.
 */
export function buildAperioDescription(image: DescribedImage, tileSize: number, quality: number): string {
  const fields = [
    `${image.width}x${image.height} [0,0 ${image.width}x${image.height}] (${tileSize}x${tileSize}) JPEG/YCbCr Q=${quality}`,
  ];
  if (image.magnification !== null && image.magnification > 0) fields.push(`AppMag = ${image.magnification}`);
  if (image.metersPerPixel) fields.push(`MPP = ${micrometres(image.metersPerPixel.x)}`);
  fields.push(`Filename = ${image.name.replace(/[|\r\n]/g, ' ')}`, 'Software = Tessera');
  return `Aperio Image Library (written by Tessera)\r\n${fields.join('|')}`;
}

/** OME Color: R, G, B, A packed from the most significant byte, as a signed 32-bit integer. */
export function omeColorValue(color: RgbColor): number {
  return (color.r << 24) | (color.g << 16) | (color.b << 8) | 0xff | 0;
}

function micrometres(meters: number): string {
  return String(Number((meters * 1e6).toPrecision(10)));
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
