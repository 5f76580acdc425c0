/** Transfers (spec 1 §7 "Submit transfer job"): the contract's routes, the service's answers. */
import type { FastifyInstance } from 'fastify';
import { transfers } from '@tessera/contract';
import type { AppContext } from '../../context.ts';
import { addRoute } from '../../http/route.ts';
import { listFolders, queueTransfer } from './transfers.service.ts';

export function registerTransferRoutes(app: FastifyInstance, ctx: AppContext): void {
  addRoute(app, ctx.guard, transfers.listTransferFolders, ({ query }) => listFolders(ctx, query.path));
  addRoute(app, ctx.guard, transfers.submitTransfer, ({ project, actor, body }) =>
    queueTransfer(ctx, project, actor, body),
  );
}
