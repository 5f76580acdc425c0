export * from './route.ts';
export * from './errors.ts';
export * as app from './app.contract.ts';
export * as projects from './projects.contract.ts';
export * as auth from './auth.contract.ts';
export * as profile from './profile.contract.ts';
export * as members from './members.contract.ts';
export * as sso from './sso.contract.ts';
export { Id, Project, ProjectRoleSchema, ProjectParams } from './projects.contract.ts';
