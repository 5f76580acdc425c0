/**
 * The public entry of sign-in: the password fields and the sign-in messages the profile reuses.
 * Other features import this feature only through this file (lint: tools/eslint-rules/feature-entry-imports.js).
 * It never exports a screen: the router loads each screen by its own file (app/screens.ts), so a feature
 * that imports this entry does not pull a screen into its chunk.
 */
export { LOGIN_MESSAGES, passwordChangedNotice } from './login-steps.ts';
export { NewPasswordFields, type NewPasswordValues } from './NewPasswordFields.tsx';
export { PasswordField } from './PasswordField.tsx';
