import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { MemberAreaNav, MemberTiles } from "./MemberArea";

function render(element: React.ReactElement): string {
  const Stub = createRoutesStub([{ path: "*", Component: () => element }]);
  return renderToStaticMarkup(<Stub initialEntries={["/member"]} />);
}

describe("the member area's parts", () => {
  it("offer credit and referral while the business shows its scheme", () => {
    expect(render(<MemberAreaNav referral />)).toContain('href="/member/credit"');
    expect(render(<MemberTiles referral />)).toContain("Credit and referral");
  });

  it("leave credit and referral out when the business hides it (hideReferralUI)", () => {
    const nav = render(<MemberAreaNav referral={false} />);
    expect(nav).not.toContain("/member/credit");
    expect(nav).toContain('href="/member/loyalty"');
    expect(render(<MemberTiles referral={false} />)).not.toContain("Credit and referral");
  });
});
