export * from './permissions.ts';
export * from './password.ts';
export * from './project.ts';
export * from './members.ts';
export * from './email.ts';
export * from './version.ts';
export * from './ids.ts';
export * from './sso.ts';
