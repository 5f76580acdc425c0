import type { FastifyInstance } from 'fastify';
import { slideGrid as contract, type GridRequest, type GridResponse } from '@tessera/contract';
import type { AppContext } from '../../context.ts';
import { addRoute } from '../../http/route.ts';
import * as service from './slide-grid.service.ts';
import * as edits from './slide-metadata.service.ts';

export function registerSlideGridRoutes(app: FastifyInstance, ctx: AppContext): void {
  addRoute(app, ctx.guard, contract.getFieldDescriptors, ({ project, params }) =>
    service.getFieldDescriptors(ctx, project.id, params.tableId),
  );
  // The answer in the request's row shape: objects, or arrays (the tables' blocks, half the bytes).
  const shaped = (body: GridRequest) => (answer: GridResponse) =>
    body.rowShape === 'arrays' ? contract.gridArraysOf(answer) : answer;
  addRoute(app, ctx.guard, contract.getSlidesGrid, async ({ project, body }) =>
    shaped(body)(await service.getSlidesGrid(ctx, project, body)),
  );
  addRoute(app, ctx.guard, contract.getQcGrid, async ({ project, body }) =>
    shaped(body)(await service.getQcGrid(ctx, project, body)),
  );
  addRoute(app, ctx.guard, contract.getFilterValues, ({ project, body }) =>
    service.getFilterValues(ctx, project, body),
  );
  addRoute(app, ctx.guard, contract.getSlideCount, ({ project }) => service.getSlideCount(ctx, project));
  addRoute(app, ctx.guard, contract.getSlidesBatch, async ({ project, body }) => ({
    data: await edits.readSlides(ctx, project.id, body.slideIds),
  }));
  addRoute(app, ctx.guard, contract.getSlidesPage, ({ project, query }) =>
    edits.readSlidesPage(ctx, project.id, query.offset, query.limit),
  );
  addRoute(app, ctx.guard, contract.updateSlides, ({ project, body }) =>
    edits.updateSlides(ctx, project, body.slides),
  );
  addRoute(app, ctx.guard, contract.deleteSlides, ({ project, body }) =>
    edits.deleteSlides(ctx, project, body.slideIds),
  );
  addRoute(app, ctx.guard, contract.listProjectFields, ({ project }) =>
    edits.listProjectFields(ctx, project),
  );
  addRoute(app, ctx.guard, contract.addProjectField, ({ project, body }) =>
    edits.addProjectField(ctx, project, body),
  );
  addRoute(app, ctx.guard, contract.getColumnState, ({ actor, project, params }) =>
    edits.getColumnState(ctx, actor.userId, project, params.tableId),
  );
  addRoute(app, ctx.guard, contract.saveColumnState, ({ actor, project, params, body }) =>
    edits.saveColumnState(ctx, actor.userId, project, params.tableId, body.state),
  );
}
