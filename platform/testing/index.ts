export { createTestPlatform, TEST_CLIENT_IP, TEST_NOW } from "./test-platform";
export type { CallOptions, TestPlatform, TestPlatformOptions, TestResponse } from "./test-platform";
export { openTestDatabase } from "./test-database";
export { memoryLogger } from "./memory-logger";
export type { LogEntry } from "./memory-logger";
