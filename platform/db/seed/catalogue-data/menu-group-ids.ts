/** Menu group ids, fixed because stores point at them and tests name them. */
export const demoMenuGroupIds = { grocery: 1, kitchen: 2, bakehouse: 3 } as const;
