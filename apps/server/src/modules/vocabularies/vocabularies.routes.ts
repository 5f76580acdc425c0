import type { FastifyInstance } from 'fastify';
import { vocabularies as contract } from '@tessera/contract';
import type { AppContext } from '../../context.ts';
import { addRoute } from '../../http/route.ts';
import * as service from './vocabularies.service.ts';

export function registerVocabularyRoutes(app: FastifyInstance, ctx: AppContext): void {
  addRoute(app, ctx.guard, contract.listVocabularies, () => service.listVocabularies(ctx));
  addRoute(app, ctx.guard, contract.addVocabularyValue, ({ actor, params, body }) =>
    service.addValue(ctx, actor, params.vocabulary, body),
  );
  addRoute(app, ctx.guard, contract.deprecateVocabularyValue, ({ actor, params, body }) =>
    service.deprecateValue(ctx, actor, params.vocabulary, body),
  );
}
