import { type RouteConfig, index, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("__test/*", "routes/test-support.tsx"),
  // Content pages at any depth; anything without a page answers 404 'Page Not Found: {path}'.
  route("*", "routes/content-page.tsx"),
] satisfies RouteConfig;
