extension HTMLReport {
  /// The page's style sheet: no fonts or images from elsewhere.
  static let style = """
    :root{--bg:#f4f4f2;--fg:#1d1d1f;--muted:#666;--card:#fff;--line:#ddd;--red:#c62828;--amber:#b26a00;--blue:#1d5fbf;--green:#2e7d32}
    *{box-sizing:border-box}body{margin:0;font:14px/1.45 system-ui,-apple-system,"DejaVu Sans",sans-serif;background:var(--bg);color:var(--fg)}
    header{position:sticky;top:0;z-index:5;background:var(--card);border-bottom:1px solid var(--line);padding:10px 18px}
    h1{font-size:18px;margin:0 0 2px}.tally{font-weight:600;margin:0}.meta,.keys{color:var(--muted);margin:2px 0;font-size:12px}
    code{font-size:12px}kbd{border:1px solid var(--line);border-radius:3px;padding:0 4px;font-size:11px;background:#fafafa}
    .filters{display:flex;gap:8px;margin:6px 0 2px}.filter{border:1px solid var(--line);border-radius:14px;padding:2px 10px;cursor:pointer;user-select:none}
    .filter.failed b{color:var(--red)}.filter.missing b{color:var(--amber)}.filter.extra b{color:var(--blue)}.filter.passed b{color:var(--green)}
    main{padding:12px 18px}.case{background:var(--card);border:1px solid var(--line);border-radius:6px;margin:0 0 14px;padding:10px 14px}
    .case:focus,.case.current{outline:2px solid var(--blue);outline-offset:1px}.hidden{display:none!important}
    h2{font-size:15px;margin:0 0 4px;word-break:break-all}h3{font-size:13px;margin:10px 0 2px}.message,.detail{margin:2px 0;color:#333}
    .badge{display:inline-block;font-size:11px;font-weight:600;border-radius:3px;padding:0 6px;color:#fff;vertical-align:1px}
    .badge.different,.badge.error{background:var(--red)}.badge.missing{background:var(--amber)}.badge.extra{background:var(--blue)}.badge.matched{background:var(--green)}
    .passed-list{list-style:none;padding:0;margin:0;columns:3 260px}.passed-list li{padding:2px 0;break-inside:avoid;word-break:break-all}
    .toolbar{display:flex;flex-wrap:wrap;gap:6px;align-items:center;margin:6px 0}
    .toolbar button,.regions button{font:inherit;font-size:12px;border:1px solid var(--line);background:#fafafa;border-radius:4px;padding:2px 8px;cursor:pointer}
    .viewer[data-mode=side] [data-mode=side],.viewer[data-mode=slider] [data-mode=slider],.viewer[data-mode=onion] [data-mode=onion],
    .viewer[data-mode=blink] [data-mode=blink],.viewer[data-mode=diff] [data-mode=diff]{background:var(--fg);color:#fff}
    button:disabled{opacity:.4;cursor:default}.regions{font-size:12px;color:var(--muted);margin:4px 0;display:flex;flex-wrap:wrap;gap:4px;align-items:center}
    .region.active{background:var(--red);color:#fff}.amount{width:180px}.viewer[data-mode=side] .amount,.viewer[data-mode=blink] .amount,.viewer[data-mode=diff] .amount{visibility:hidden}
    .side{display:grid;grid-template-columns:repeat(3,1fr);gap:12px}.side figure{margin:0;min-width:0}.side img{width:100%;display:block;border:1px solid var(--line);background:repeating-conic-gradient(#eee 0 25%,#fff 0 50%) 0 0/16px 16px}
    .side figcaption{font-size:12px;color:var(--muted);text-align:center}.side .empty{border:1px dashed var(--line);min-height:80px;display:flex;align-items:center;justify-content:center}
    .viewer[data-mode=side] .stage{display:none}.viewer:not([data-mode=side]) .side{display:none}
    .stage{position:relative;overflow:hidden;border:1px solid var(--line);max-width:100%;background:repeating-conic-gradient(#eee 0 25%,#fff 0 50%) 0 0/16px 16px}
    .zoom{position:relative;transform-origin:0 0;transition:transform .2s}.zoomed .zoom img{image-rendering:pixelated}
    .layer{display:block;width:100%}.layer.top,.layer.overlay-image{position:absolute;left:0;top:0}
    .overlay-image{display:none;opacity:.75;mix-blend-mode:multiply}.viewer.with-overlay .overlay-image,.viewer[data-mode=diff] .overlay-image{display:block;opacity:1}
    .viewer.with-overlay:not([data-mode=diff]) .overlay-image{opacity:.75}
    .viewer[data-mode=diff] .top{visibility:hidden}.viewer[data-mode=diff] .overlay-image{mix-blend-mode:normal}
    .divider{display:none;position:absolute;top:0;bottom:0;width:2px;background:var(--red);pointer-events:none}.viewer[data-mode=slider] .divider{display:block}
    .viewer.blink-off .top{visibility:hidden}
    """

  /// The page's behaviour: filters, view modes, the slider and opacity, blink, overlay, zoom to
  /// regions, keyboard navigation, and links that open a case in a given view.
  static let script = """
    (function(){
    "use strict";
    var cases=[].slice.call(document.querySelectorAll(".case"));
    var current=-1;
    function visible(){return cases.filter(function(c){return !c.classList.contains("hidden");});}
    function applyFilters(){
      var on={};
      document.querySelectorAll("[data-filter]").forEach(function(box){on[box.dataset.filter]=box.checked;});
      cases.forEach(function(c){c.classList.toggle("hidden",!on[c.dataset.status]);});
      var list=document.querySelector(".passed-list");if(list){list.classList.toggle("hidden",!on.passed);}
      document.body.dataset.shown=String(visible().length);
    }
    document.querySelectorAll("[data-filter]").forEach(function(box){box.addEventListener("change",applyFilters);});
    function select(index){
      var shown=visible();if(!shown.length){return;}
      index=Math.max(0,Math.min(shown.length-1,index));
      cases.forEach(function(c){c.classList.remove("current");});
      var c=shown[index];c.classList.add("current");c.focus({preventScroll:true});
      c.scrollIntoView({block:"start"});window.scrollBy(0,-document.querySelector("header").offsetHeight-8);
      current=index;
    }
    function currentViewer(){
      var shown=visible();var c=shown[current]||shown[0];return c?c.querySelector(".viewer"):null;
    }
    function setMode(viewer,mode){
      var button=viewer.querySelector("[data-mode="+mode+"]");
      if(!button||button.disabled){return;}
      viewer.dataset.mode=mode;
      var amount=viewer.querySelector(".amount");amount.value=50;update(viewer);
      clearInterval(viewer.blinkTimer);viewer.classList.remove("blink-off");
      if(mode==="blink"){viewer.blinkTimer=setInterval(function(){viewer.classList.toggle("blink-off");},500);}
    }
    function update(viewer){
      var value=Number(viewer.querySelector(".amount").value);
      var top=viewer.querySelector(".top");var divider=viewer.querySelector(".divider");
      if(!top){return;}
      top.style.clipPath="";top.style.opacity="";
      if(viewer.dataset.mode==="slider"){
        // The cut sits at the slider's place on screen, also when zoomed (image coordinates).
        var cut=Math.max(0,Math.min(100,(value/100-(viewer.zoomTx||0))/(viewer.zoomScale||1)*100));
        top.style.clipPath="inset(0 0 0 "+cut+"%)";
        if(divider){divider.style.left=cut+"%";divider.style.width=(2/(viewer.zoomScale||1))+"px";}
      }
      if(viewer.dataset.mode==="onion"){top.style.opacity=String(value/100);}
    }
    function zoom(viewer,button){
      var z=viewer.querySelector(".zoom");var stage=viewer.querySelector(".stage");
      viewer.querySelectorAll(".region").forEach(function(b){b.classList.remove("active");});
      if(!button){z.style.transform="";stage.classList.remove("zoomed");viewer.zoomTx=0;viewer.zoomScale=1;update(viewer);return;}
      if(viewer.dataset.mode==="side"){setMode(viewer,viewer.querySelector("[data-mode=slider]").disabled?"diff":"slider");}
      button.classList.add("active");
      var W=Number(viewer.dataset.width)||1,H=Number(viewer.dataset.height)||1;
      var x=Number(button.dataset.x),y=Number(button.dataset.y),w=Number(button.dataset.w),h=Number(button.dataset.h);
      var pad=Math.max(8,Math.max(w,h)/2);
      var s=Math.max(1,Math.min(32,W/(w+2*pad),H/(h+2*pad)));
      var cx=(x+w/2)/W,cy=(y+h/2)/H;
      var tx=Math.min(0,Math.max(1-s,0.5-s*cx)),ty=Math.min(0,Math.max(1-s,0.5-s*cy));
      z.style.transform="translate("+(tx*100)+"%,"+(ty*100)+"%) scale("+s+")";
      stage.classList.add("zoomed");viewer.zoomTx=tx;viewer.zoomScale=s;update(viewer);
    }
    document.querySelectorAll(".viewer").forEach(function(viewer){
      viewer.querySelectorAll("[data-mode]").forEach(function(b){if(b!==viewer){b.addEventListener("click",function(){setMode(viewer,b.dataset.mode);});}});
      viewer.querySelector(".amount").addEventListener("input",function(){update(viewer);});
      var toggle=viewer.querySelector(".overlay-toggle");
      toggle.addEventListener("change",function(){viewer.classList.toggle("with-overlay",toggle.checked);});
      viewer.querySelectorAll(".region").forEach(function(b){b.addEventListener("click",function(){zoom(viewer,b);});});
      var whole=viewer.querySelector(".whole");if(whole){whole.addEventListener("click",function(){zoom(viewer,null);});}
      var stage=viewer.querySelector(".stage");
      stage.addEventListener("mousemove",function(e){
        if(viewer.dataset.mode!=="slider"||stage.classList.contains("zoomed")){return;}
        var r=stage.getBoundingClientRect();viewer.querySelector(".amount").value=String(Math.round((e.clientX-r.left)/r.width*100));update(viewer);
      });
    });
    document.addEventListener("keydown",function(e){
      if(e.target&&(e.target.tagName==="INPUT"&&e.target.type!=="checkbox")||e.ctrlKey||e.metaKey||e.altKey){return;}
      var viewer=currentViewer();
      if(e.key==="j"||e.key==="ArrowDown"||e.key==="n"){select(current+1);e.preventDefault();}
      else if(e.key==="k"||e.key==="ArrowUp"||e.key==="p"){select(current-1);e.preventDefault();}
      else if(viewer&&"12345".indexOf(e.key)>=0&&e.key.length===1){setMode(viewer,["side","slider","onion","blink","diff"][Number(e.key)-1]);}
      else if(viewer&&e.key==="d"){var t=viewer.querySelector(".overlay-toggle");if(!t.disabled){t.checked=!t.checked;t.dispatchEvent(new Event("change"));}}
      else if(viewer&&e.key==="z"){var rs=[].slice.call(viewer.querySelectorAll(".region"));if(rs.length){var a=viewer.querySelector(".region.active");zoom(viewer,rs[(rs.indexOf(a)+1)%rs.length]);}}
      else if(viewer&&e.key==="0"){zoom(viewer,null);}
    });
    applyFilters();
    // A link such as #case-3&mode=slider&zoom=1&overlay=1 opens a case in a given view;
    // &only shows that case alone.
    var parts=location.hash.slice(1).split("&");
    var target=parts[0]?document.getElementById(parts[0]):null;
    if(target){
      if(parts.indexOf("only")>0){
        cases.forEach(function(c){c.classList.toggle("hidden",c!==target);});
        var pl=document.querySelector(".passed-list");if(pl){pl.classList.add("hidden");}
        target.classList.add("current");current=0;
      }else{var index=visible().indexOf(target);if(index>=0){select(index);}}
      var viewer=target.querySelector(".viewer");
      parts.slice(1).forEach(function(part){
        var kv=part.split("=");if(!viewer){return;}
        if(kv[0]==="mode"){setMode(viewer,kv[1]);}
        if(kv[0]==="overlay"){var t=viewer.querySelector(".overlay-toggle");t.checked=true;t.dispatchEvent(new Event("change"));}
        if(kv[0]==="amount"){viewer.querySelector(".amount").value=kv[1];update(viewer);}
        if(kv[0]==="zoom"){var r=viewer.querySelectorAll(".region")[Number(kv[1])-1];if(r){zoom(viewer,r);}}
      });
    }
    document.body.dataset.ready="true";
    })();
    """
}
