/* hupai replay viewer: draws the table the page's data gives for each event.  The
   Python side computed every state; this script only picks one and draws it. */
(function () {
  "use strict";

  var records = JSON.parse(document.getElementById("hupai-records").textContent);
  var data = JSON.parse(document.getElementById("hupai-views").textContent);
  var rounds = data.rounds;
  var at = { round: 0, event: 0 };
  var TILE = /^(?:[1-9][mps]|[1-7]z|back)$/;
  var MELD = { chi: "吃", peng: "碰", minggang: "明杠", angang: "暗杠", bugang: "补杠" };

  function esc(text) {
    return String(text).replace(/[&<>"']/g, function (c) { return "&#" + c.charCodeAt(0) + ";"; });
  }

  function tile(name, extra) {
    var n = TILE.test(name) ? name : "back";
    var label = n === "back" ? "face down" : n;
    return '<svg class="tile ' + (extra || "") + '" viewBox="0 0 60 80" role="img" aria-label="' + label +
      '"><use href="#tile-' + n + '"></use></svg>';
  }

  function split(sequence) {
    return sequence ? sequence.match(/[1-9][mpsz]/g) || [] : [];
  }

  function signed(value) {
    return value > 0 ? "+" + value : String(value);
  }

  function seatName(round, seat) {
    return round.seats[seat] === undefined ? "Seat " + seat : round.seats[seat];
  }

  function handHtml(seat) {
    var names = seat.hand === null ? Array(seat.count).fill("back") : split(seat.hand);
    var html = names.map(function (name, k) {
      return tile(name, k === names.length - 1 && seat.drawn ? "apart" : "");
    }).join("");
    if (seat.won !== null) {
      html += '<span class="won-tile" title="winning tile">' + tile(seat.won || "back", "won") + "</span>";
    }
    return '<div class="hand">' + html + "</div>";
  }

  function meldHtml(meld) {
    var names = split(meld.tiles);
    if (names.length === 0) {
      names = ["back", "back", "back", "back"];
    }
    var from = meld.from === null ? "" : " ← " + meld.from;
    return '<div class="meld">' + names.map(function (n) { return tile(n); }).join("") +
      '<span class="meld-kind">' + esc((MELD[meld.kind] || meld.kind) + " " + meld.kind + from) + "</span></div>";
  }

  function riverHtml(seat, hot) {
    var claimed = {};
    seat.claimed.forEach(function (k) { claimed[k] = true; });
    var names = split(seat.river);
    return '<div class="river">' + names.map(function (name, k) {
      var extra = (claimed[k] ? "claimed " : "") + (hot && k === names.length - 1 ? "hot" : "");
      return tile(name, extra);
    }).join("") + "</div>";
  }

  function badges(round, frame, s) {
    var seat = frame.seats[s];
    var out = "";
    if (records[at.round].dealer === s) {
      out += '<span class="badge dealer">莊 dealer</span>';
    }
    if (seat.declared) {
      out += '<span class="badge declared">报 ' + esc(seat.declared) + "</span>";
    }
    if (seat.won !== null) {
      out += '<span class="badge winner">胡 won</span>';
    }
    return out;
  }

  function drawSeat(round, frame, s, event) {
    var seat = frame.seats[s];
    var pos = (s - (data.view === null ? 0 : data.view) + 4) % 4;
    var box = document.getElementById("pos-" + pos);
    var acting = event.seat === s;
    box.className = "seat pos-" + pos + (acting ? " acting" : "") + (seat.finished ? " finished" : "");
    box.setAttribute("data-seat", String(s));
    box.innerHTML = '<div class="seat-head"><span class="seat-name">' + esc(seatName(round, s)) + "</span>" +
      badges(round, frame, s) + '<span class="score">' + esc(signed(frame.scores[s])) + "</span></div>" +
      '<div class="hand-row">' + handHtml(seat) + '<div class="melds">' + seat.melds.map(meldHtml).join("") +
      "</div></div>" + riverHtml(seat, acting && event.type === "discard");
  }

  function winsBefore(events, index) {
    var n = 0;
    for (var k = 0; k < index; k += 1) {
      n += events[k].type === "win" ? 1 : 0;
    }
    return n;
  }

  function breakdownHtml(round, win) {
    if (!win.rows.length) {
      return '<p class="muted">the region keeps this hand hidden</p>';
    }
    var rows = win.rows.map(function (row) {
      return "<tr><td class=\"zh\">" + esc(row.zh) + "</td><td class=\"en\">" + esc(row.en) +
        (row.payer ? ' <span class="muted">(' + esc(row.payer) + ")</span>" : "") + "</td><td class=\"fx\">" +
        esc(row.effect) + "</td><td class=\"num\">" + esc(row.value) + "</td></tr>";
    }).join("");
    return '<table class="breakdown"><thead><tr><th>番种</th><th>pattern</th><th>effect</th><th>value</th></tr>' +
      "</thead><tbody>" + rows + '</tbody><tfoot><tr><td colspan="3">合计 total</td><td class="num">' +
      esc(win.value + " " + win.unit) + "</td></tr></tfoot></table>";
  }

  function eventTiles(event) {
    var names = split(event.tiles || event.tile || "");
    return names.length ? '<div class="event-tiles">' + names.map(function (n) { return tile(n); }).join("") +
      "</div>" : "";
  }

  function drawCenter(round, frame, event, index) {
    var record = records[at.round];
    var flips = Object.keys(frame.flips).map(function (what) {
      return '<div class="flip">' + tile(frame.flips[what]) + "<span>翻 " + esc(what) + "</span></div>";
    }).join("");
    var burnt = split(frame.burnt).length;
    var html = '<div class="round-info">' + esc(record.region) + " · round " + esc(record.round) +
      (record.seed === undefined ? "" : " · seed " + esc(record.seed)) + "</div>" +
      '<div class="live"><b>' + esc(frame.live) + "</b><span>余牌 live tiles</span></div>" +
      (flips ? '<div class="flips">' + flips + "</div>" : "") +
      (burnt ? '<div class="muted">燒 ' + burnt + " burnt</div>" : "") +
      '<div class="now"><div class="now-label">' + esc(round.labels[index]) + "</div>" + eventTiles(event) + "</div>";
    if (event.type === "win") {
      var win = round.wins[winsBefore(record.events, index)];
      html += '<div class="win-card">' + breakdownHtml(round, win) + "</div>";
    }
    document.getElementById("center").innerHTML = html;
  }

  function ledgerHtml(round, entry, k) {
    var lines = entry.transfers.map(function (t) {
      return "<tr><td>Seat " + esc(t.from) + " → Seat " + esc(t.to) + '</td><td class="num">' + esc(t.amount) + "</td><td>" +
        esc(t.reason) + "</td></tr>";
    }).join("") || '<tr><td colspan="3" class="muted">no payment</td></tr>';
    var who = entry.seat === undefined ? "" : " · Seat " + entry.seat;
    return '<tr class="cause"><th colspan="3">' + esc((round.causes[k] || entry.cause) + who) + "</th></tr>" + lines;
  }

  function drawSettlement(round, last) {
    var box = document.getElementById("settlement");
    box.hidden = !last;
    if (!last) {
      box.innerHTML = "";
      return;
    }
    var record = records[at.round];
    var wins = record.events.filter(function (e) { return e.type === "win"; });
    var winsHtml = round.wins.map(function (win, k) {
      return '<div class="win"><h3>' + esc(round.labels[record.events.indexOf(wins[k])]) + "</h3>" +
        breakdownHtml(round, win) + "</div>";
    }).join("");
    var ledgers = record.settlement.map(function (e, k) { return ledgerHtml(round, e, k); }).join("");
    var net = record.net.map(function (v, s) {
      return "<li>Seat " + s + " <b>" + esc(signed(v)) + "</b></li>";
    }).join("");
    box.innerHTML = "<h2>结算 Settlement</h2>" + winsHtml +
      '<table class="ledger"><thead><tr><th>payer → payee</th><th>amount</th><th>reason</th></tr></thead><tbody>' +
      ledgers + "</tbody></table>" + '<ul class="net">' + net + "</ul>" +
      '<p class="next-dealer">next dealer: Seat ' + esc(record.next_dealer) + "</p>";
  }

  function drawLog(round) {
    var log = document.getElementById("log");
    if (log.getAttribute("data-round") !== String(at.round)) {
      log.setAttribute("data-round", String(at.round));
      log.innerHTML = round.labels.map(function (label, k) {
        return '<li data-event="' + k + '">' + esc(label) + "</li>";
      }).join("");
    }
    var items = log.children;
    for (var k = 0; k < items.length; k += 1) {
      items[k].className = k === at.event ? "current" : (k < at.event ? "done" : "");
    }
    if (items[at.event]) {
      items[at.event].setAttribute("aria-current", "step");
      log.scrollTop = items[at.event].offsetTop - log.clientHeight / 2;
    }
  }

  function drawProblems() {
    var box = document.getElementById("problems");
    if (!data.problems.length) {
      return;
    }
    box.hidden = false;
    box.innerHTML = "<b>Left out as inconsistent:</b><ul>" + data.problems.map(function (p) {
      return "<li>line " + esc(p.line) + ": " + esc(p.error) + "</li>";
    }).join("") + "</ul>";
  }

  function draw() {
    var round = rounds[at.round];
    var frame = round.frames[at.event];
    var event = records[at.round].events[at.event];
    for (var s = 0; s < 4; s += 1) {
      drawSeat(round, frame, s, event);
    }
    drawCenter(round, frame, event, at.event);
    var last = at.event === round.frames.length - 1;
    drawSettlement(round, last);
    drawLog(round);
    document.getElementById("position").textContent = "Round " + (at.round + 1) + " / " + rounds.length +
      " · event " + (at.event + 1) + " / " + round.frames.length + (last ? " · settled" : "");
    document.body.setAttribute("data-round", String(at.round));
    document.body.setAttribute("data-event", String(at.event));
  }

  function go(where) {
    var n = rounds[at.round].frames.length;
    var moves = {
      first: function () { at.event = 0; },
      prev: function () { at.event = Math.max(0, at.event - 1); },
      next: function () { at.event = Math.min(n - 1, at.event + 1); },
      last: function () { at.event = n - 1; },
      "round-prev": function () { at.round = Math.max(0, at.round - 1); at.event = 0; },
      "round-next": function () { at.round = Math.min(rounds.length - 1, at.round + 1); at.event = 0; }
    };
    if (moves[where]) {
      moves[where]();
      draw();
    }
  }

  var KEYS = { ArrowLeft: "prev", ArrowRight: "next", Home: "first", End: "last", PageUp: "round-prev",
               PageDown: "round-next" };

  document.addEventListener("keydown", function (e) {
    if (KEYS[e.key] && !e.altKey && !e.ctrlKey && !e.metaKey) {
      e.preventDefault();
      go(KEYS[e.key]);
    }
  });
  document.querySelector(".controls").addEventListener("click", function (e) {
    var button = e.target.closest("button[data-go]");
    if (button) {
      go(button.getAttribute("data-go"));
    }
  });
  document.getElementById("log").addEventListener("click", function (e) {
    var item = e.target.closest("li[data-event]");
    if (item) {
      at.event = Number(item.getAttribute("data-event"));
      draw();
    }
  });

  /* "#2:15" opens round 2 at event 15 (both counted from 1), "#2:end" at its settlement */
  function fromHash() {
    var m = /^#(\d+)(?::(\d+|end))?$/.exec(location.hash);
    if (!m) {
      return;
    }
    at.round = Math.min(rounds.length, Math.max(1, Number(m[1]))) - 1;
    var n = rounds[at.round].frames.length;
    at.event = m[2] === "end" ? n - 1 : Math.min(n, Math.max(1, Number(m[2] || 1))) - 1;
  }

  window.addEventListener("hashchange", function () {
    if (rounds.length) {
      fromHash();
      draw();
    }
  });

  drawProblems();
  if (rounds.length) {
    fromHash();
    draw();
  } else {
    document.getElementById("position").textContent = "no consistent round in this file";
  }
}());
