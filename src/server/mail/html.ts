const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text made safe to place inside an HTML mail. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => ENTITIES[character] ?? character);
}

/** The one simple frame every mail of the shop's is drawn in. */
export function mailPage(shopName: string, body: string): string {
  return `<!doctype html>
<html lang="en-GB">
<body style="margin:0;padding:24px;background:#f7f4ef;font-family:Georgia,serif;color:#1f1b16">
<div style="max-width:520px;margin:0 auto;background:#ffffff;padding:32px;border-radius:8px">
<p style="font-size:22px;margin:0 0 24px">${escapeHtml(shopName)}</p>
${body}
</div>
</body>
</html>`;
}
