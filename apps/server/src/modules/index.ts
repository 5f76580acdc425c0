/** Every feature module's routes, registered in one place so the route × role test sees them all. */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { registerAppRoutes } from './app/app.routes.ts';
import { registerProjectRoutes } from './projects/projects.routes.ts';
import { registerAuthRoutes } from './auth/auth.routes.ts';
import { registerProfileRoutes } from './profile/profile.routes.ts';
import { registerSsoRoutes } from './sso/sso.routes.ts';
import { registerMemberRoutes } from './members/members.routes.ts';
import { registerSlideRoutes } from './slides/slides.routes.ts';
import { registerTileRoutes } from './imaging/tiles.routes.ts';
import { registerEqualizationRoutes } from './equalization/equalization.routes.ts';
import { registerSlideGridRoutes } from './slides/slide-grid.routes.ts';
import { registerVocabularyRoutes } from './vocabularies/vocabularies.routes.ts';
import { registerMetadataImportRoutes } from './metadata-import/metadata-import.routes.ts';
import { registerSlideExportRoutes } from './slide-export/slide-export.routes.ts';
import { registerSharedViewRoutes } from './shared-views/shared-views.routes.ts';
import { registerLandmarkRoutes } from './landmarks/landmarks.routes.ts';
import { registerToolConfigRoutes } from './tool-configs/tool-configs.routes.ts';
import { registerMetadataPresetRoutes } from './metadata-presets/metadata-presets.routes.ts';
import { registerAnnotationRoutes } from './annotations/annotations.routes.ts';
import { registerJobRoutes } from './jobs/jobs.routes.ts';
import { registerUploadRoutes } from './uploads/uploads.routes.ts';
import { registerSlideCopyRoutes } from './slide-copy/slide-copy.routes.ts';

export async function registerModules(app: FastifyInstance, ctx: AppContext): Promise<void> {
  registerAppRoutes(app, ctx);
  registerProjectRoutes(app, ctx);
  registerAuthRoutes(app, ctx);
  registerProfileRoutes(app, ctx);
  registerSsoRoutes(app, ctx);
  registerMemberRoutes(app, ctx);
  registerSlideRoutes(app, ctx);
  registerTileRoutes(app, ctx);
  registerEqualizationRoutes(app, ctx);
  registerSlideGridRoutes(app, ctx);
  registerVocabularyRoutes(app, ctx);
  registerMetadataImportRoutes(app, ctx);
  registerSlideExportRoutes(app, ctx);
  registerSharedViewRoutes(app, ctx);
  registerLandmarkRoutes(app, ctx);
  registerToolConfigRoutes(app, ctx);
  registerMetadataPresetRoutes(app, ctx);
  registerAnnotationRoutes(app, ctx);
  registerJobRoutes(app, ctx);
  registerSlideCopyRoutes(app, ctx);
  await registerUploadRoutes(app, ctx);
}
