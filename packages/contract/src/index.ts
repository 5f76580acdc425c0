export * from './route.ts';
export * from './errors.ts';
export * as app from './app.contract.ts';
export * as projects from './projects.contract.ts';
export { Id, Project, ProjectRoleSchema, ProjectParams } from './projects.contract.ts';
