import { lazy, Suspense, useEffect, useState } from "react";
import { useLocation } from "react-router";

const WelcomeDialog = lazy(() => import("./WelcomeDialog"));

/**
 * Greets a device's first visit once, with script (decision 0042): the flag lives in localStorage and is set as the
 * dialog opens, so it never shows twice, dismissed or not. Without script there is nothing: a first visit is not
 * worth a notice on every page. The flags' code comes after the page (it is no part of its first script), and the
 * dialog's only for the visit that shows it.
 */
export function FirstVisitWelcome({ companyName }: { companyName: string }) {
  const { pathname } = useLocation();
  const [show, setShow] = useState(false);

  useEffect(() => {
    if (show) return;
    let current = true;
    void import("~/models/local-data").then(
      ({ FIRST_TIME_USER_KEY, parseFirstTimeUser, serialiseFirstTimeUser, welcomesOn }) => {
        if (!current || !welcomesOn(pathname)) return;
        try {
          if (parseFirstTimeUser(window.localStorage.getItem(FIRST_TIME_USER_KEY)).welcomeSeen) return;
          window.localStorage.setItem(FIRST_TIME_USER_KEY, serialiseFirstTimeUser({ welcomeSeen: true }));
        } catch {
          // No storage (switched off, or a private mode that refuses): a welcome on every visit would be worse than none.
          return;
        }
        setShow(true);
      },
    );
    return () => {
      current = false;
    };
  }, [pathname, show]);

  if (!show) return null;
  return (
    <Suspense fallback={null}>
      <WelcomeDialog companyName={companyName} onDone={() => setShow(false)} />
    </Suspense>
  );
}
