import { useState } from "react";
import { Form, useLocation } from "react-router";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { CONSENT_TEXT, consentSettingsHref, NO_CONSENT } from "~/models/consent";
import { Dialog } from "../dialog/Dialog";
import { DialogLink } from "../dialog/DialogLink";
import { ConsentSettingsForm } from "./ConsentSettingsForm";
import * as forms from "~/styles/forms.css";
import * as s from "./CookieConsent.css";

/**
 * The cookie banner (spec 1 §2), shown until the shopper chooses: Accept All Cookies, Reject All Cookies (UK
 * guidance: refusing as easy as accepting, decision 0026) and Cookies Settings, which opens the settings dialog with
 * script and the settings page without. Both buttons are plain posts that come back to this page.
 */
export function CookieBanner({ companyName }: { companyName: string }) {
  const { pathname, search } = useLocation();
  const [settingsOpen, setSettingsOpen] = useState(false);
  const here = `${pathname}${search}`;
  return (
    <section className={s.banner} aria-labelledby="cookie-banner-title">
      <div className={s.bannerInner}>
        <h2 id="cookie-banner-title" className={s.bannerTitle}>
          Cookies on {companyName}
        </h2>
        <p className={s.bannerText}>{CONSENT_TEXT.banner}</p>
        <div className={s.actions}>
          <Form method="post" action="/cookies" replace className={s.actionForm}>
            <AuthenticityTokenInput />
            <input type="hidden" name="redirectTo" value={here} />
            <button type="submit" name="intent" value="accept-all" className={forms.button.primary}>
              {CONSENT_TEXT.acceptAll}
            </button>
            <button type="submit" name="intent" value="reject-all" className={forms.button.primary}>
              {CONSENT_TEXT.rejectAll}
            </button>
          </Form>
          <DialogLink to={consentSettingsHref(here)} onOpen={() => setSettingsOpen(true)} className={s.settingsLink}>
            {CONSENT_TEXT.settings}
          </DialogLink>
        </div>
      </div>
      <Dialog open={settingsOpen} title={CONSENT_TEXT.settingsTitle} onClose={() => setSettingsOpen(false)}>
        <ConsentSettingsForm consent={NO_CONSENT} redirectTo={here} idPrefix="cookie-dialog" />
      </Dialog>
    </section>
  );
}
