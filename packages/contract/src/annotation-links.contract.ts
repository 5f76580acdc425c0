/**
 * Linking an annotation set into other projects (spec 2 §4 "Link wizard", §5 "Linking", §7 "Copy and
 * link"; spec 3 §7): a linked set shows the same annotations on the other project's slide of the same
 * image. The candidates are the projects the caller sees that hold a slide of the set's image; linking
 * and unlinking need annotationsManage here (the route) and there (hasAccess, checked per project).
 */
import { z } from 'zod';
import { defineRoute, projectPermission } from './route.ts';
import { Id } from './projects.contract.ts';

const SetParams = z.object({ projectId: Id, setId: Id });
const LinkParams = SetParams.extend({ targetProjectId: Id });

export const LinkTarget = z
  .object({
    projectId: Id,
    projectName: z.string(),
    /** The project's slide of the set's image, where the set shows once linked. */
    slideId: Id,
    /** The caller may link and unlink there (annotationsManage in that project). */
    hasAccess: z.boolean(),
    isSetLinked: z.boolean(),
    /** Another set of the same name shows on that slide: linking would make two. */
    hasConflictingSetName: z.boolean(),
  })
  .meta({ id: 'AnnotationSetLinkTarget' });
export type LinkTarget = z.infer<typeof LinkTarget>;

/** GET the projects the set could show in, this one included, by name. */
export const listLinkTargets = defineRoute({
  method: 'GET',
  path: '/v1/projects/:projectId/annotation-sets/:setId/link-targets',
  summary: 'Projects an annotation set can be linked to',
  tags: ['annotations'],
  access: projectPermission('annotationsManage'),
  params: SetParams,
  response: z.array(LinkTarget),
});

/**
 * PUT links the set into the target project, on its slide of the same image. 403 without annotationsManage
 * there; 409 when a set of the same name shows on that slide; 404 when the project has no such slide.
 */
export const linkAnnotationSet = defineRoute({
  method: 'PUT',
  path: '/v1/projects/:projectId/annotation-sets/:setId/links/:targetProjectId',
  summary: 'Link an annotation set to a project',
  tags: ['annotations'],
  access: projectPermission('annotationsManage'),
  params: LinkParams,
  response: z.object({ projectId: Id, slideId: Id }),
});

/** DELETE unlinks the set from the target project; the last link stays (409 code 600007, spec 2 §8). */
export const unlinkAnnotationSet = defineRoute({
  method: 'DELETE',
  path: '/v1/projects/:projectId/annotation-sets/:setId/links/:targetProjectId',
  summary: 'Unlink an annotation set from a project',
  tags: ['annotations'],
  access: projectPermission('annotationsManage'),
  params: LinkParams,
  response: z.object({ projectId: Id }),
});
