/** What shows while the first page's code or the storefront's config is on its way. */
export function BootSplash() {
  return <div className="boot-splash" aria-busy="true" />;
}
