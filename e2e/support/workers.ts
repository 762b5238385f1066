/** Test files run two at a time, each worker against its own app (see global-setup.ts and app.ts). */
export const E2E_WORKERS = 2;
