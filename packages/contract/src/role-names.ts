/** The seven console roles, from most to least privileged (no zod: the sign-in page reads this). */
export const ROLES = ['admin', 'engineer', 'support_lvl2', 'support', 'tech', 'ezadas', 'guest'] as const;
