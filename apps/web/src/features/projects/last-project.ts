/**
 * The project the user last opened, remembered per user in localStorage so the landing page can
 * return there after the next sign-in (spec 1 §2 "using the current project").
 */
const keyOf = (userId: string) => `tessera.lastProject.${userId}`;

export function rememberProject(userId: string, projectId: string): void {
  try {
    localStorage.setItem(keyOf(userId), projectId);
  } catch {
    // Storage full or disabled: the landing page then falls back to the first project.
  }
}

export function lastProject(userId: string): string | null {
  try {
    return localStorage.getItem(keyOf(userId));
  } catch {
    return null;
  }
}

/** The landing target: the remembered project when the user still has it, otherwise the first one. */
export function landingProjectId(
  projects: readonly { id: string }[],
  remembered: string | null,
): string | null {
  if (remembered && projects.some((p) => p.id === remembered)) return remembered;
  return projects[0]?.id ?? null;
}
