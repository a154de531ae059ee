import { z } from "zod";
import { endpoint } from "./endpoint";

export const serverTime = endpoint({
  method: "GET",
  path: "/api/server-time",
  auth: "token",
  request: z.object({}),
  response: z.object({ timeUTC: z.string() }),
});
