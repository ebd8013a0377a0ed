// Keycloak's third-party-cookie check: step 1 sets a cookie and moves on, step 2 tells the parent
// window whether the cookie survived inside a frame.
export const thirdPartyCookieStep1 = `<!doctype html><html><body><script>
document.cookie = "CARD_LENS_3P_COOKIE=supported; max-age=60; samesite=none; secure";
document.cookie = "CARD_LENS_3P_COOKIE_LEGACY=supported; max-age=60";
window.location = "step2.html";
</script></body></html>`;

export const thirdPartyCookieStep2 = `<!doctype html><html><body><script>
var supported = document.cookie.indexOf("CARD_LENS_3P_COOKIE") !== -1;
document.cookie = "CARD_LENS_3P_COOKIE=; max-age=0; samesite=none; secure";
document.cookie = "CARD_LENS_3P_COOKIE_LEGACY=; max-age=0";
window.parent.postMessage(supported ? "supported" : "unsupported", "*");
</script></body></html>`;
