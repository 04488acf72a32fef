import { escapeHtml } from '../../services/email-templates';

/** The small server-rendered page of a team link: the shop's look, no scripts. */
export function teamPage(brand: string, title: string, body: string): string {
  return `<!doctype html><html lang="en-AU"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)} | ${escapeHtml(brand)}</title>
<style>
body{margin:0;background:#f7f2ea;color:#2b2927;font:16px/1.55 system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif}
main{max-width:40rem;margin:0 auto;padding:2rem 1rem 4rem}
.brand{font:600 1.4rem Georgia,serif;letter-spacing:.02em;margin:0 0 1.5rem}
h1{font:600 2rem/1.2 Georgia,serif;margin:0 0 1rem}
dl{display:grid;grid-template-columns:max-content minmax(0,1fr);gap:.4rem 1rem;background:#fffdf9;border:1px solid #d8cab5;border-radius:12px;padding:1rem}
dt{color:#5f5750}dd{margin:0;overflow-wrap:anywhere}
@media (max-width:480px){dl{grid-template-columns:minmax(0,1fr)}dt{margin-top:.4rem}}
a{color:#7a5b3a}
label{display:block;font-weight:600;margin:1rem 0 .3rem}
textarea{width:100%;box-sizing:border-box;font:inherit;padding:.6rem;border:1px solid #b9a78f;border-radius:8px}
button{margin-top:1rem;min-height:44px;padding:.5rem 1.5rem;border:0;border-radius:999px;background:#2b2927;color:#fffdf9;font:600 1rem system-ui,sans-serif;cursor:pointer}
button:focus-visible,textarea:focus-visible,a:focus-visible{outline:3px solid #7a5b3a;outline-offset:2px}
.done{background:#fffdf9;border-left:4px solid #7a5b3a;padding:.75rem 1rem}
.notes{white-space:pre-wrap}
.short{background:#f6e7d8;border-radius:8px;padding:.5rem 1rem;margin-top:1rem}.short p{margin:.25rem 0;font-weight:600}
.short ul,.short-list{margin:.25rem 0;padding-left:1.2rem}
</style></head>
<body><main><p class="brand">${escapeHtml(brand)}</p><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`;
}
