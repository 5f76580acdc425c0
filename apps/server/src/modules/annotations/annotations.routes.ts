/**
 * Annotation routes (spec 2 §7 "Slides and sets", "Annotation loading"; issue #13). Reading is open to
 * every project member; writing is declared with annotationsManage (spec 2 §6), refused by the guard
 * before the body is read.
 */
import type { FastifyInstance } from 'fastify';
import {
  annotationCopy,
  annotationEdits,
  annotationLinks,
  annotationVersions,
  annotations as contract,
} from '@tessera/contract';
import { CELL_MARKERS_MEDIA_TYPE, REGIONS_MEDIA_TYPE } from '@tessera/domain';
import type { AppContext } from '../../context.ts';
import { addRoute } from '../../http/route.ts';
import * as sets from './annotation-sets.service.ts';
import * as items from './annotation-items.service.ts';
import * as edits from './annotation-edits.service.ts';
import * as metadata from './annotation-metadata.service.ts';
import * as links from './annotation-links.service.ts';
import * as versions from './annotation-versions.service.ts';
import { queueCopy } from './annotation-copy.service.ts';

export function registerAnnotationRoutes(app: FastifyInstance, ctx: AppContext): void {
  addRoute(app, ctx.guard, contract.listSlideAnnotationSets, ({ project, params }) =>
    sets.listSlideSets(ctx, project, params.slideId),
  );
  addRoute(app, ctx.guard, contract.createAnnotationSet, ({ project, actor, params, body }) =>
    sets.createSet(ctx, project, actor, params.slideId, body.name),
  );
  addRoute(app, ctx.guard, contract.renameAnnotationSet, ({ project, params, body }) =>
    sets.renameSet(ctx, project, params.setId, body.name),
  );
  addRoute(app, ctx.guard, contract.createAnnotationSetVersion, ({ project, actor, params }) =>
    sets.createVersion(ctx, project, actor, params.setId),
  );
  addRoute(app, ctx.guard, contract.listAnnotationSetVersions, ({ project, params, query }) =>
    sets.listVersions(ctx, project, params.setId, query),
  );
  registerVersionRoutes(app, ctx);
  addRoute(app, ctx.guard, contract.getAnnotationClasses, ({ project }) => sets.getClasses(ctx, project));
  addRoute(app, ctx.guard, contract.saveAnnotationClasses, ({ project, body }) =>
    sets.saveClasses(ctx, project, body.classes),
  );
  addRoute(app, ctx.guard, contract.getAnnotationFeatures, ({ project, params, query }) =>
    items.getFeatures(ctx, project, params.setId, query),
  );
  addRoute(app, ctx.guard, contract.getCellMarkers, ({ project, params, query }) =>
    items.getCellMarkers(ctx, project, params.setId, query.version),
  );
  addRoute(app, ctx.guard, contract.exportAnnotationSetGeoJson, ({ project, params, query }) =>
    items.exportGeoJson(ctx, project, params.setId, query.version),
  );
  addRoute(app, ctx.guard, contract.importAnnotationSetGeoJson, ({ project, actor, params, body }) =>
    items.importGeoJson(ctx, project, actor, params.setId, body),
  );
  // Typed arrays (packages/domain binary-transport.ts): bytes as they are, under their media type.
  addRoute(app, ctx.guard, contract.getCellMarkersBinary, async ({ project, params, query, reply }) => {
    reply.type(CELL_MARKERS_MEDIA_TYPE);
    return items.getCellMarkersBinary(ctx, project, params.setId, query.version);
  });
  addRoute(
    app,
    ctx.guard,
    contract.getAnnotationFeaturesBinary,
    async ({ project, params, query, reply }) => {
      reply.type(REGIONS_MEDIA_TYPE);
      return items.getFeaturesBinary(ctx, project, params.setId, query);
    },
  );
  registerEditRoutes(app, ctx);
  addRoute(app, ctx.guard, annotationCopy.copyAnnotations, ({ project, actor, body }) =>
    queueCopy(ctx, project, actor, body),
  );
  addRoute(app, ctx.guard, annotationLinks.listLinkTargets, ({ project, actor, params }) =>
    links.listLinkTargets(ctx, project, actor, params.setId),
  );
  addRoute(app, ctx.guard, annotationLinks.linkAnnotationSet, ({ project, actor, params }) =>
    links.linkSet(ctx, project, actor, params.setId, params.targetProjectId),
  );
  addRoute(app, ctx.guard, annotationLinks.unlinkAnnotationSet, ({ project, actor, params }) =>
    links.unlinkSet(ctx, project, actor, params.setId, params.targetProjectId),
  );
}

function registerEditRoutes(app: FastifyInstance, ctx: AppContext): void {
  const c = annotationEdits;
  addRoute(app, ctx.guard, c.createAnnotations, ({ project, actor, params, body }) =>
    edits.createAnnotations(ctx, project, actor, params.setId, body),
  );
  addRoute(app, ctx.guard, c.updateAnnotations, ({ project, params, body }) =>
    edits.updateAnnotations(ctx, project, params.setId, body),
  );
  addRoute(app, ctx.guard, c.purgeAnnotations, ({ project, params, body }) =>
    edits.purgeAnnotations(ctx, project, params.setId, body),
  );
  addRoute(app, ctx.guard, c.lockAnnotations, ({ project, params, body }) =>
    edits.lockAnnotations(ctx, project, params.setId, body),
  );
  addRoute(app, ctx.guard, c.getAnnotationMetadata, ({ project, params }) =>
    metadata.getAnnotationMetadata(ctx, project, params.setId, params.annotationId),
  );
  addRoute(app, ctx.guard, c.updateAnnotationMetadata, ({ project, params, body }) =>
    metadata.updateAnnotationMetadata(ctx, project, params.setId, params.annotationId, body),
  );
  addRoute(app, ctx.guard, c.createCellMarkers, ({ project, actor, params, body }) =>
    edits.createCellMarkers(ctx, project, actor, params.setId, body),
  );
  addRoute(app, ctx.guard, c.updateCellMarkers, ({ project, params, body }) =>
    edits.updateCellMarkers(ctx, project, params.setId, body),
  );
  addRoute(app, ctx.guard, c.purgeCellMarkers, ({ project, params, body }) =>
    edits.purgeCellMarkers(ctx, project, params.setId, body),
  );
  addRoute(app, ctx.guard, c.getCellMarkerStats, ({ project, params, query }) =>
    edits.cellMarkerStats(ctx, project, params.setId, query.version),
  );
}

function registerVersionRoutes(app: FastifyInstance, ctx: AppContext): void {
  const c = annotationVersions;
  addRoute(app, ctx.guard, c.listVersionCollections, ({ project, params, query }) =>
    versions.listCollections(ctx, project, params.setId, query),
  );
  addRoute(app, ctx.guard, c.createVersionCollection, ({ project, params, body }) =>
    versions.createCollection(ctx, project, params.setId, params.version, body.tag),
  );
  addRoute(app, ctx.guard, c.deleteVersionCollection, async ({ project, params }) => {
    await versions.deleteCollection(ctx, project, params.setId, params.collectionId);
    return null;
  });
  addRoute(app, ctx.guard, c.downloadAnnotationSetVersion, ({ project, actor, params }) =>
    versions.queueVersionDownload(ctx, project, actor, params.setId, params.version),
  );
}
