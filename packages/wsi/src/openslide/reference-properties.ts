/**
 * Reference values for the OpenSlide reader's tests, captured once from the openslide-tools CLI (Debian
 * openslide-tools 3.4.1+dfsg-6+deb12u1) and written here as literals:
 *   openslide-show-properties /work/shared/testdata/slides/<file>
 * Keys with spaces or dots are quoted as printed; multi-line values keep their newlines.
 */

/** openslide-show-properties CMU-1-Small-Region.svs */
export const CMU_PROPERTIES: Record<string, string> = {
  'aperio.AppMag': '20',
  'aperio.Date': '12/29/09',
  'aperio.Filename': 'CMU-1',
  'aperio.Filtered': '5',
  'aperio.Focus Offset': '0.000000',
  'aperio.ImageID': '1004486',
  'aperio.Left': '25.691574',
  'aperio.LineAreaXOffset': '0.019265',
  'aperio.LineAreaYOffset': '-0.000313',
  'aperio.LineCameraSkew': '-0.000424',
  'aperio.MPP': '0.4990',
  'aperio.OriginalHeight': '32914',
  'aperio.OriginalWidth': '46000',
  'aperio.Originalheight': '33014',
  'aperio.Parmset': 'USM Filter',
  'aperio.ScanScope ID': 'CPAPERIOCS',
  'aperio.StripeWidth': '2040',
  'aperio.Time': '09:59:15',
  'aperio.Top': '23.449873',
  'aperio.User': 'b414003d-95c6-48b0-9369-8010ed517ba7',
  'openslide.comment':
    'Aperio Image Library v11.2.1 \r\n46000x32914 [42673,5576 2220x2967] (240x240) JPEG/RGB Q=30;Aperio Image Library v10.0.51\r\n46920x33014 [0,100 46000x32914] (256x256) JPEG/RGB Q=30|AppMag = 20|StripeWidth = 2040|ScanScope ID = CPAPERIOCS|Filename = CMU-1|Date = 12/29/09|Time = 09:59:15|User = b414003d-95c6-48b0-9369-8010ed517ba7|Parmset = USM Filter|MPP = 0.4990|Left = 25.691574|Top = 23.449873|LineCameraSkew = -0.000424|LineAreaXOffset = 0.019265|LineAreaYOffset = -0.000313|Focus Offset = 0.000000|ImageID = 1004486|OriginalWidth = 46920|Originalheight = 33014|Filtered = 5|OriginalWidth = 46000|OriginalHeight = 32914',
  'openslide.level-count': '1',
  'openslide.level[0].downsample': '1',
  'openslide.level[0].height': '2967',
  'openslide.level[0].tile-height': '240',
  'openslide.level[0].tile-width': '240',
  'openslide.level[0].width': '2220',
  'openslide.mpp-x': '0.499',
  'openslide.mpp-y': '0.499',
  'openslide.objective-power': '20',
  'openslide.quickhash-1': '6335ea0e6cc54c2cba64bb265d3c713a50cd84484924e3a9c109558c13521d5c',
  'openslide.vendor': 'aperio',
  'tiff.ImageDescription':
    'Aperio Image Library v11.2.1 \r\n46000x32914 [42673,5576 2220x2967] (240x240) JPEG/RGB Q=30;Aperio Image Library v10.0.51\r\n46920x33014 [0,100 46000x32914] (256x256) JPEG/RGB Q=30|AppMag = 20|StripeWidth = 2040|ScanScope ID = CPAPERIOCS|Filename = CMU-1|Date = 12/29/09|Time = 09:59:15|User = b414003d-95c6-48b0-9369-8010ed517ba7|Parmset = USM Filter|MPP = 0.4990|Left = 25.691574|Top = 23.449873|LineCameraSkew = -0.000424|LineAreaXOffset = 0.019265|LineAreaYOffset = -0.000313|Focus Offset = 0.000000|ImageID = 1004486|OriginalWidth = 46920|Originalheight = 33014|Filtered = 5|OriginalWidth = 46000|OriginalHeight = 32914',
  'tiff.ResolutionUnit': 'inch',
};

/** openslide-show-properties tcga-cr-7395-01a-01-ts1.svs */
export const TCGA_PROPERTIES: Record<string, string> = {
  'aperio.ICC Profile': 'IEC 61966-2.1 Default RGB colour space - sRGB',
  'openslide.comment':
    'Aperio Image Library v11.0.37\r\n4443x3567 (256x256) J2K/KDU Q=70|ICC Profile = IEC 61966-2.1 Default RGB colour space - sRGB',
  'openslide.level-count': '2',
  'openslide.level[0].downsample': '1',
  'openslide.level[0].height': '3567',
  'openslide.level[0].tile-height': '256',
  'openslide.level[0].tile-width': '256',
  'openslide.level[0].width': '4443',
  'openslide.level[1].downsample': '2.0005055500659967',
  'openslide.level[1].height': '1783',
  'openslide.level[1].tile-height': '256',
  'openslide.level[1].tile-width': '256',
  'openslide.level[1].width': '2221',
  'openslide.quickhash-1': 'a07b51d43e299d75615f06095d0c5ee76d257b6060c65bc4d2e0ce758793bbea',
  'openslide.vendor': 'aperio',
  'tiff.ImageDescription':
    'Aperio Image Library v11.0.37\r\n4443x3567 (256x256) J2K/KDU Q=70|ICC Profile = IEC 61966-2.1 Default RGB colour space - sRGB',
  'tiff.ResolutionUnit': 'inch',
};
