// The one script of the public pages (GET /site/public.js, loaded deferred): the countdowns run on the server's
// clock (the page carries the time it was sent at; the offset to the visitor's clock is taken once), their text
// written only when it changes (once a minute, or a second in the last day), and a filter chosen from a list
// submits the form at once. Without it the pages read the same, the filters by their button.
export const SITE_SCRIPT = `(function(){
var b=document.body,t=Date.parse(b.getAttribute('data-server-time')||''),o=isNaN(t)?0:t-Date.now();
function f(ms){if(ms<=0)return'已截止';var m=Math.floor(ms/6e4),d=Math.floor(m/1440),h=Math.floor(m%1440/60),s=Math.floor(ms/1e3)%60;
return d>0?'剩余'+d+'天'+h+'小时'+(m%60)+'分':'剩余'+h+'小时'+(m%60)+'分'+s+'秒';}
function k(){var n=Date.now()+o,e=document.querySelectorAll('[data-end]');for(var i=0;i<e.length;i++){var x=f(Date.parse(e[i].getAttribute('data-end'))-n);if(e[i].textContent!==x)e[i].textContent=x;}}
k();setInterval(k,1000);
var s=document.querySelectorAll('select[data-auto]');for(var j=0;j<s.length;j++){s[j].addEventListener('change',function(){this.form.submit();});}
})();
`;
