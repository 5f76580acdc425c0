/** Label extract (spec 1 §7 "Submit label extraction job"): the contract's routes, the service's answers. */
import type { FastifyInstance } from 'fastify';
import { labelExtract } from '@tessera/contract';
import type { AppContext } from '../../context.ts';
import { addRoute } from '../../http/route.ts';
import { getPatterns, queueExtraction, savePatterns } from './label-extract.service.ts';

export function registerLabelExtractRoutes(app: FastifyInstance, ctx: AppContext): void {
  addRoute(app, ctx.guard, labelExtract.getLabelPatterns, ({ project }) => getPatterns(ctx, project.id));
  addRoute(app, ctx.guard, labelExtract.saveLabelPatterns, ({ project, actor, body }) =>
    savePatterns(ctx, project, actor, body.patterns),
  );
  addRoute(app, ctx.guard, labelExtract.extractLabels, ({ project, actor, body }) =>
    queueExtraction(ctx, project, actor, body),
  );
}
