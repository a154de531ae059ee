/** The shape React Router gives an error boundary for a thrown `data()`/Response (isRouteErrorResponse). */
export class ErrorResponseImpl {
  internal = false;
  constructor(
    public status: number,
    public statusText: string,
    public data: unknown,
  ) {}
}
