/** What the landing page (/) and the dashboard say about the project list: both wait for the same list. */
export const LANDING_MESSAGES = {
  loading: 'Loading projects',
  unavailable: 'The system is currently unavailable. Please contact product management.',
  noProjects:
    "You don't have access to any projects. Please create a new project or ask a manager of a project to add you.",
} as const;
