import { LinkStatePage } from '@/components/signing/link-state-page';

/** A signing link that was never issued: the signer's own "not a valid link" page (404), without the site's header or a sign-in. */
export default function SigningLinkNotFound() {
  return <LinkStatePage state="unknown" documentName={null} />;
}
