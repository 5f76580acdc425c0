/**
 * A set as QuPath GeoJSON features (issue #13 point 6): region annotations, then cell markers as points,
 * classified by the project's classes. The GeoJSON route answers them; the version download job writes
 * them to a file.
 */
import { annotationUuid, toQuPathFeature } from '@tessera/domain';
import type { Db } from '../../db/database.ts';
import * as items from './annotation-items.queries.ts';
import { markerOf, projectClasses, regionOf } from './annotation-reads.ts';

/** The features of the set (or of one version it made: the caller has checked it exists). */
export async function qupathFeatures(db: Db, projectId: string, setId: string, version?: number) {
  const classes = new Map((await projectClasses(db, projectId)).map((c) => [c.classId, c]));
  const regions = (await items.findFeatures(db, setId, version)).map((row) => {
    const region = regionOf(row);
    const { annotationType, annotationClass, isLocked, ...rest } = region.properties;
    // createdAt is the row's, not the feature's; unset index, count and author are left out.
    const properties = Object.fromEntries(
      Object.entries(rest).filter(([key, value]) => key !== 'createdAt' && value !== null),
    );
    return toQuPathFeature(
      {
        uuid: annotationUuid(setId, region.id),
        geometry: region.geometry,
        classId: annotationClass,
        isLocked,
        annotationType,
        properties,
      },
      classes,
    );
  });
  const markers = (await items.findMarkers(db, setId, version)).map((row) => {
    const marker = markerOf(row);
    return toQuPathFeature(
      {
        uuid: annotationUuid(setId, marker.id),
        geometry: marker.geometry,
        classId: marker.properties.classes[0]!.classId,
        isLocked: false,
        annotationType: 'Cma',
        properties: {},
        classes: marker.properties.classes,
      },
      classes,
    );
  });
  return [...regions, ...markers];
}

/** A FeatureCollection's text, a feature at a time (a file of a million features is never one string). */
export function* featureCollectionText(features: readonly unknown[]): Generator<string> {
  yield '{"type":"FeatureCollection","features":[';
  for (const [i, feature] of features.entries()) yield (i === 0 ? '' : ',') + JSON.stringify(feature);
  yield ']}';
}
