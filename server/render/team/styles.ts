/**
 * The workspace's stylesheet, inline in each page (a team page is never cached or shared). The
 * shop's warm neutrals and serif headings; phone first, widening at 48rem. Contrast of every text
 * colour on its background is at least 4.5:1.
 */
export const TEAM_CSS = `
:root{--bg:#f7f2ea;--card:#fffdf9;--ink:#2b2927;--muted:#5f5750;--line:#d8cab5;--warn:#8a3b12;--ok:#2f5d3a;
--s1:.25rem;--s2:.5rem;--s3:.75rem;--s4:1rem;--s5:1.5rem;--s6:2rem;--radius:12px;
--serif:"Cormorant Garamond",Georgia,"Times New Roman",serif;--sans:system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif}
*{box-sizing:border-box}
body{margin:0;background:var(--bg);color:var(--ink);font:16px/1.5 var(--sans)}
a{color:var(--accent)}
.skip{position:absolute;left:-999px}.skip:focus{left:var(--s4);top:var(--s4);background:var(--card);padding:var(--s2);z-index:2}
:focus-visible{outline:3px solid var(--accent);outline-offset:2px}
.bar{display:flex;flex-wrap:wrap;align-items:center;justify-content:space-between;gap:var(--s2) var(--s4);padding:var(--s3) var(--s4);background:var(--card);border-bottom:1px solid var(--line)}
.brand{margin:0;font:600 1.25rem var(--serif)}.brand a{color:var(--ink);text-decoration:none}.brand span{font:500 .8rem var(--sans);color:var(--muted);text-transform:uppercase;letter-spacing:.08em;margin-left:var(--s2)}
nav ul{display:flex;flex-wrap:wrap;gap:var(--s1);margin:0;padding:0;list-style:none}
nav a{display:inline-flex;align-items:center;min-height:44px;padding:0 var(--s3);border-radius:999px;color:var(--ink);text-decoration:none}
nav a[aria-current=page]{background:var(--ink);color:var(--card)}
main{max-width:72rem;margin:0 auto;padding:var(--s5) var(--s4) 4rem}
main:focus{outline:none}
h1{font:600 2rem/1.15 var(--serif);margin:0 0 var(--s4)}
h2{font:600 1.45rem/1.2 var(--serif);margin:var(--s6) 0 var(--s3)}
h3{font-size:1rem;margin:0 0 var(--s2)}
.card{background:var(--card);border:1px solid var(--line);border-radius:var(--radius);padding:var(--s4);overflow-wrap:anywhere}
.card>h2:first-child,.card>p:first-child{margin-top:0}.card>p:last-child{margin-bottom:0}
.muted{color:var(--muted)}
.flash{background:var(--card);border-left:4px solid var(--ok);padding:var(--s3) var(--s4);border-radius:4px}
.asked{margin-bottom:var(--s4);border-left:4px solid var(--accent)}
.flash.problem{border-color:var(--warn)}
label{display:block;font-weight:600;margin:0 0 var(--s1)}
input,select,textarea{font:inherit;color:inherit;background:#fff;border:1px solid #8c7b66;border-radius:8px;padding:var(--s2) var(--s3);min-height:44px;width:100%}
textarea{min-height:6rem}
.button,button{display:inline-flex;align-items:center;justify-content:center;min-height:44px;padding:0 var(--s5);border:1px solid var(--ink);border-radius:999px;background:var(--ink);color:var(--card);font:600 1rem var(--sans);text-decoration:none;cursor:pointer}
.button.quiet,button.quiet{background:transparent;color:var(--ink)}
button.danger{background:var(--warn);border-color:var(--warn)}
.field{margin:0 0 var(--s4)}
.filters{display:grid;gap:var(--s3);grid-template-columns:1fr 1fr;align-items:end;margin:0 0 var(--s4)}
.filters .wide{grid-column:1/-1}.filters>*{min-width:0}
.tabs{display:flex;flex-wrap:wrap;gap:var(--s2);margin:0 0 var(--s4);padding:0;list-style:none}
.tabs a{display:inline-flex;align-items:center;min-height:44px;padding:0 var(--s3);border:1px solid var(--line);border-radius:999px;background:var(--card);color:var(--ink);text-decoration:none}
.tabs a[aria-current=page]{background:var(--ink);color:var(--card);border-color:var(--ink)}
.list{list-style:none;margin:0;padding:0;display:grid;gap:var(--s3)}
.row{display:grid;gap:var(--s1) var(--s4);grid-template-columns:minmax(0,1fr)}.row p{margin:var(--s1) 0;overflow-wrap:anywhere}
.row-title{font:600 1.05rem/1.3 var(--sans);margin:0 0 var(--s1)}.row-title a{color:var(--ink)}
.pill{display:inline-block;padding:0 var(--s2);border-radius:999px;border:1px solid currentColor;font-size:.85rem;white-space:nowrap}
.pill.warn{color:var(--warn)}p.warn{color:var(--warn)}
.wide{overflow-x:auto}.ledger{width:100%;border-collapse:collapse}.ledger caption{text-align:left;padding:0 0 var(--s2)}.ledger th,.ledger td{padding:var(--s2);border-bottom:1px solid var(--line);text-align:left;vertical-align:top;overflow-wrap:normal;word-break:normal;hyphens:none}.ledger th{white-space:nowrap}.ledger .num{text-align:right;white-space:nowrap}.pill.ok{color:var(--ok)}
.facts{display:grid;grid-template-columns:minmax(0,1fr);gap:var(--s1) var(--s4);margin:0}
.facts dt{color:var(--muted);margin-top:var(--s2)}.facts dd{margin:0;overflow-wrap:anywhere}
.lines{list-style:none;margin:0;padding:0;display:grid;gap:var(--s3)}
.lines li{display:grid;grid-template-columns:64px 1fr auto;gap:var(--s3);align-items:center}
.lines img{width:64px;height:48px;object-fit:cover;border-radius:6px;background:var(--line)}
.totals{display:grid;grid-template-columns:1fr auto;gap:var(--s1) var(--s4);margin:var(--s4) 0 0}
.totals dd{margin:0;text-align:right}.totals .sum{font-weight:700}
.actions{display:grid;gap:var(--s4)}
.actions form{display:grid;gap:var(--s2)}
.timeline{list-style:none;margin:0;padding:0;display:grid;gap:var(--s2)}
.timeline li{border-left:3px solid var(--line);padding-left:var(--s3)}
.notes{white-space:pre-wrap}
.return-photos{display:flex;flex-wrap:wrap;gap:var(--s2);list-style:none;padding:0}.return-photos img{display:block;width:10rem;height:7.5rem;object-fit:cover;border-radius:var(--radius,6px)}
.choices{margin-top:var(--s2)}
.change summary,.own-lines summary{cursor:pointer}.change summary h2,.own-lines summary h2{display:inline;margin:0}.change form,.own-lines form{margin-top:var(--s3)}
form.inline{display:inline}button.link{min-height:44px;padding:0;border:0;background:none;color:var(--ink);font:inherit;text-decoration:underline;text-underline-offset:3px}
.field-problem{color:var(--warn);font-weight:600;margin:var(--s1) 0 0}[aria-invalid=true]{border-color:var(--warn);border-width:2px}
.repair-back{margin:var(--s1) 0 var(--s2)}
.saved-lines{display:grid;grid-template-columns:minmax(0,1fr);gap:var(--s3);align-items:end;margin:0 0 var(--s4)}.saved-lines .field{margin:0}.saved-lines button{justify-self:start}
form.line-remove{display:block;margin:0}form.line-remove button.link{min-height:32px;font-size:.9rem;color:var(--muted)}
.saved-lines-list{list-style:none;margin:0;padding:0;display:grid;gap:var(--s2)}.saved-lines-list li{display:flex;justify-content:space-between;gap:var(--s3);align-items:center;border-bottom:1px solid var(--line)}
.sheet-lines{list-style:none;padding:0;margin:var(--s2) 0;display:grid;gap:var(--s2)}.sheet-lines li{display:grid;grid-template-columns:56px minmax(0,1fr);gap:var(--s3);align-items:start}.sheet-lines img{border-radius:6px;object-fit:cover}
.flag{border-left:4px solid var(--warn);padding-left:var(--s2)}
.counts{border-collapse:collapse;margin:var(--s2) 0}.counts caption{text-align:left;font-weight:600}.counts th,.counts td{padding:var(--s1) var(--s2) var(--s1) 0;text-align:left}.counts thead th{white-space:nowrap}.counts input{width:4.5rem}
.pager{display:flex;gap:var(--s3);justify-content:space-between;align-items:center;margin-top:var(--s4)}
.stack{display:grid;gap:var(--s4);grid-template-columns:minmax(0,1fr)}
.sign-in{max-width:28rem}
fieldset.card{margin:0}legend{font-weight:700;padding:0 var(--s2)}
.check{display:flex;align-items:center;gap:var(--s2);min-height:44px}.check input{width:1.4rem;height:1.4rem;min-height:0}.check label{margin:0;font-weight:400}
.photos{display:flex;flex-wrap:wrap;gap:var(--s2);list-style:none;margin:0;padding:0}.photos img{width:120px;height:120px;object-fit:cover;border-radius:8px;background:var(--line)}
fieldset.choice{border:0;padding:0;margin:0}
.pair{display:grid;grid-template-columns:1fr 1fr;gap:var(--s3)}
.visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
.scroll{overflow-x:auto;background:var(--card);border:1px solid var(--line);border-radius:var(--radius)}
.calendar{border-collapse:collapse;font-size:.9rem;min-width:100%}
.calendar th,.calendar td{border-bottom:1px solid var(--line);padding:var(--s2);text-align:center;vertical-align:top}
.calendar thead th{font-weight:600;white-space:nowrap}.calendar thead a{color:var(--ink)}
.calendar tbody th{text-align:left;font-weight:500;min-width:10rem;position:sticky;left:0;background:var(--card)}
.calendar td.some{background:#f3e9da}.calendar td.full{background:#ead2c0;font-weight:700}
.calendar td.over{background:#f6d5cc;font-weight:700;outline:2px solid var(--warn);outline-offset:-2px}.calendar td.over a{color:var(--ink)}
.days{list-style:none;margin:0;padding:0;display:grid;gap:var(--s3)}.days h3{margin:0 0 var(--s2)}.days h4{margin:var(--s2) 0 0;font-size:.95rem}
.days ul{margin:var(--s1) 0 0;padding-left:var(--s4)}.days .over{border-left:4px solid var(--warn)}.phone-only{margin-bottom:var(--s5)}
.wide-only{display:none}
@media (max-width:37.5rem){.ledger th,.ledger td{padding:var(--s2) var(--s1)}.ledger th:first-child,.ledger td:first-child{padding-left:0}.ledger th:last-child,.ledger td:last-child{padding-right:0}}
.calendar .of{color:var(--muted);font-weight:400}.calendar .held{display:block;font-size:.75rem;color:var(--warn);font-weight:400;white-space:nowrap}
form.stack+section{margin-top:var(--s5)}
@media print{.bar,.no-print,.skip{display:none}body{background:#fff}.card{border-color:#999;break-inside:avoid}}
.detail{display:grid;gap:var(--s4);align-items:start}
@media (min-width:48rem){
.wide-only{display:block;margin-bottom:var(--s5)}.phone-only{display:none}
.row{grid-template-columns:minmax(0,1fr) auto}
.facts{grid-template-columns:max-content minmax(0,1fr)}.facts dt{margin-top:0}
.filters{grid-template-columns:2fr 1fr 1fr auto}.filters .wide{grid-column:auto}
.detail{grid-template-columns:minmax(0,2fr) minmax(18rem,1fr);grid-template-areas:'now act' 'rest act';gap:var(--s5)}
.now{grid-area:now}.act{grid-area:act;align-self:start}.rest{grid-area:rest}
.saved-lines{grid-template-columns:minmax(0,1fr) auto}
}
`;
