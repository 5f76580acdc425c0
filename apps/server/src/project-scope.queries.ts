/** SQL of a caller's standing in a project, prepared once (db/prepared.ts): every project route asks it. */
import { preparedQuery } from './db/prepared.ts';

/** The project and the user's membership role in it (null when not a member); none when it does not exist. */
export const findProjectStanding = preparedQuery((db, a: { projectId: string; userId: string }) =>
  db
    .selectFrom('projects')
    .leftJoin('project_members', (j) =>
      j.onRef('project_members.project_id', '=', 'projects.id').on('project_members.user_id', '=', a.userId),
    )
    .select(['projects.id', 'projects.is_home', 'project_members.role'])
    .where('projects.id', '=', a.projectId),
);
