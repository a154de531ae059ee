import { data } from "react-router";

// Placeholder while the page is built (issue 5); answers 404 until then.
export function loader() {
  throw data({ message: "Page Not Found" }, 404);
}

export default function Placeholder() {
  return null;
}
