import { type RouteConfig, index, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("_log", "routes/client-log.ts"),
  route("__test/*", "routes/test-support.tsx"),
  // Content pages at any depth; anything without a page answers 404 'Page Not Found: {path}'.
  route("*", "routes/content-page.tsx"),
] satisfies RouteConfig;
