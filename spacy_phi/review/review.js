// The correcting review page. Everything stays in this page: it reads the notes
// embedded in it and saves by downloading a file; it never sends anything.
// Offsets are code point offsets (as Python counts them), not UTF-16 indices.
(function () {
  "use strict";
  const DATA = JSON.parse(document.getElementById("phi-review-data").textContent);
  const notes = DATA.notes;
  notes.forEach(function (note) {
    note.chars = Array.from(note.text);
    note.spans.forEach(function (span) { span.original_label = span.label; });
  });
  const state = { note: 0, span: 0, dirty: false };
  const $ = function (id) { return document.getElementById(id); };

  function status(message) { $("status").textContent = message; }
  function slice(note, start, end) { return note.chars.slice(start, end).join(""); }
  function current() { return notes[state.note]; }
  function byCertainty(note) {
    // Span indices, least certain first (no score: after every scored span).
    return note.spans.map(function (s, i) { return i; }).sort(function (a, b) {
      const sa = note.spans[a].score, sb = note.spans[b].score;
      const ka = sa === null || sa === undefined ? 2 : sa, kb = sb === null || sb === undefined ? 2 : sb;
      return ka - kb || note.spans[a].start - note.spans[b].start;
    });
  }
  function caption(span) {
    return span.label + (typeof span.score === "number" ? " " + span.score.toFixed(2) : "");
  }

  function renderList() {
    const list = $("note-list");
    list.textContent = "";
    notes.forEach(function (note, i) {
      const item = document.createElement("li");
      item.textContent = (note.done ? "\u2713 " : "") + note.id + " (" + note.spans.length + ")";
      item.className = (i === state.note ? "current " : "") + (note.done ? "done" : "");
      item.dataset.index = i;
      item.addEventListener("click", function () { showNote(i); });
      list.appendChild(item);
    });
    $("progress").textContent = notes.filter(function (n) { return n.done; }).length + " / " + notes.length + " done";
  }

  function renderText(note) {
    const box = $("note-text");
    box.textContent = "";
    const order = note.spans.map(function (s, i) { return i; })
      .sort(function (a, b) { return note.spans[a].start - note.spans[b].start; });
    let cursor = 0;
    const chunk = function (parent, start, end) {
      const el = document.createElement("span");
      el.className = "chunk";
      el.dataset.start = start;
      el.textContent = slice(note, start, end);
      parent.appendChild(el);
    };
    order.forEach(function (i) {
      const span = note.spans[i];
      if (span.start < cursor) return;  // overlaps a span shown already: listed in the table only
      if (span.start > cursor) chunk(box, cursor, span.start);
      const mark = document.createElement("mark");
      mark.className = "span " + span.state + (i === state.span ? " current" : "");
      mark.dataset.idx = i;
      mark.style.background = (DATA.colors || {})[span.label] || "#ddd";
      chunk(mark, span.start, span.end);
      const tag = document.createElement("span");
      tag.className = "tag";
      tag.textContent = caption(span);
      mark.appendChild(tag);
      mark.addEventListener("click", function () { state.span = i; render(); });
      box.appendChild(mark);
      cursor = span.end;
    });
    if (cursor < note.chars.length) chunk(box, cursor, note.chars.length);
  }

  function renderTable(note) {
    const body = $("span-rows");
    body.textContent = "";
    byCertainty(note).forEach(function (i) {
      const span = note.spans[i];
      const row = document.createElement("tr");
      row.className = span.state + (i === state.span ? " current" : "");
      row.dataset.idx = i;
      const text = document.createElement("td");
      text.className = "text";
      text.textContent = slice(note, span.start, span.end);
      const labelCell = document.createElement("td");
      const select = labelSelect(span.label);
      select.className = "relabel";
      select.addEventListener("change", function () {
        relabel(i, select.value);
        // The table was redrawn: keep the keyboard on the label list (arrow keys change it).
        const again = document.querySelector("#span-rows tr.current select");
        if (again) again.focus();
      });
      labelCell.appendChild(select);
      const score = document.createElement("td");
      score.textContent = typeof span.score === "number" ? span.score.toFixed(2) : "";
      const detector = document.createElement("td");
      detector.textContent = span.detector;
      const st = document.createElement("td");
      st.className = "state";
      st.textContent = span.state;
      const actions = document.createElement("td");
      [["accept", "Accept"], ["reject", "Reject"]].forEach(function (pair) {
        const button = document.createElement("button");
        button.className = pair[0];
        button.textContent = pair[1];
        button.addEventListener("click", function () { setState(i, pair[0] === "accept" ? "accepted" : "rejected"); });
        actions.appendChild(button);
      });
      [text, labelCell, score, detector, st, actions].forEach(function (cell) { row.appendChild(cell); });
      row.addEventListener("click", function (event) {
        if (event.target.tagName !== "SELECT" && event.target.tagName !== "BUTTON") { state.span = i; render(); }
      });
      body.appendChild(row);
    });
  }

  function labelSelect(value) {
    const select = document.createElement("select");
    DATA.labels.forEach(function (label) {
      const option = document.createElement("option");
      option.value = label;
      option.textContent = label;
      select.appendChild(option);
    });
    select.value = value;
    return select;
  }

  function render() {
    const note = current();
    if (!note) return;
    $("note-id").textContent = note.id;
    $("note-done").textContent = note.done ? "done" : "not done";
    renderList();
    renderText(note);
    renderTable(note);
  }

  function showNote(i) {
    if (i < 0 || i >= notes.length) return;
    state.note = i;
    const order = byCertainty(notes[i]);
    state.span = order.length ? order[0] : -1;
    render();
  }

  function changed() { state.dirty = true; }
  function setState(i, value) {
    const span = current().spans[i];
    if (!span) return;
    span.state = span.state === "added" && value === "accepted" ? "added" : value;
    state.span = i;
    changed();
    render();
  }
  function relabel(i, label) {
    const span = current().spans[i];
    if (!span || DATA.labels.indexOf(label) < 0) return;
    span.label = label;
    if (span.state === "pending" || span.state === "rejected") span.state = "accepted";
    state.span = i;
    changed();
    render();
  }
  function moveSpan(step) {
    const order = byCertainty(current());
    if (!order.length) return;
    const at = order.indexOf(state.span);
    state.span = order[Math.max(0, Math.min(order.length - 1, at + step))];
    render();
  }

  // The code point offset of a DOM position inside the note text, or null.
  function offsetOf(node, offset) {
    let chunk = node.nodeType === Node.TEXT_NODE ? node.parentElement : node;
    if (!chunk || !chunk.classList || !chunk.classList.contains("chunk")) {
      chunk = chunk && chunk.closest ? chunk.closest(".chunk") : null;
      if (!chunk) return null;
      offset = node.nodeType === Node.TEXT_NODE ? offset : 0;
    }
    const within = node.nodeType === Node.TEXT_NODE ? node.textContent.slice(0, offset) : "";
    return Number(chunk.dataset.start) + Array.from(within).length;
  }

  function addSelection() {
    const note = current();
    const selection = window.getSelection();
    if (!note || !selection || selection.rangeCount === 0 || selection.isCollapsed) {
      status("Select the text of the missed PHI first.");
      return false;
    }
    const range = selection.getRangeAt(0);
    let start = offsetOf(range.startContainer, range.startOffset);
    let end = offsetOf(range.endContainer, range.endOffset);
    if (start === null || end === null) { status("Select text inside the note."); return false; }
    while (start < end && /\s/.test(note.chars[start])) start++;
    while (end > start && /\s/.test(note.chars[end - 1])) end--;
    if (end <= start) { status("The selection holds no text."); return false; }
    const clash = note.spans.some(function (s) { return s.state !== "rejected" && s.start < end && start < s.end; });
    if (clash) { status("The selection overlaps a span: reject or fix that one first."); return false; }
    note.spans.push({ start: start, end: end, label: $("add-label").value, detector: "reviewer",
                      score: null, state: "added", original_label: null });
    state.span = note.spans.length - 1;
    selection.removeAllRanges();
    changed();
    render();
    status("Added " + $("add-label").value + ".");
    return true;
  }

  function toggleDone() {
    const note = current();
    note.done = !note.done;
    changed();
    if (note.done) {
      const next = notes.findIndex(function (n, i) { return i > state.note && !n.done; });
      showNote(next >= 0 ? next : state.note);
    } else {
      render();
    }
  }

  // The corrections as JSONL (the converter's jsonl format): notes marked done
  // (all notes with "include notes not done"), every span not rejected.
  function jsonl() {
    const everything = $("include-all").checked;
    return notes.filter(function (n) { return n.done || everything; }).map(function (note) {
      const kept = note.spans.filter(function (s) { return s.state !== "rejected"; })
        .sort(function (a, b) { return a.start - b.start || a.end - b.end; });
      const count = function (test) { return note.spans.filter(test).length; };
      const review = {
        done: note.done,
        accepted: count(function (s) { return s.state === "accepted" || (note.done && s.state === "pending"); }),
        rejected: count(function (s) { return s.state === "rejected"; }),
        relabelled: count(function (s) { return s.original_label && s.state !== "rejected" && s.label !== s.original_label; }),
        added: count(function (s) { return s.state === "added"; }),
      };
      const meta = Object.assign({}, note.meta, { review: review });
      return JSON.stringify({
        id: note.id, text: note.text,
        spans: kept.map(function (s) { return { start: s.start, end: s.end, label: s.label, text: slice(note, s.start, s.end) }; }),
        meta: meta,
      });
    }).join("\n") + "\n";
  }

  function save() {
    const content = jsonl();
    const link = document.createElement("a");
    link.href = URL.createObjectURL(new Blob([content], { type: "application/x-ndjson" }));
    link.download = DATA.download_name;
    document.body.appendChild(link);
    link.click();
    link.remove();
    setTimeout(function () { URL.revokeObjectURL(link.href); }, 10000);
    state.dirty = false;
    status("Saved " + (content.split("\n").length - 1) + " notes to " + DATA.download_name + " (your downloads folder).");
  }

  document.addEventListener("keydown", function (event) {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const tag = event.target.tagName;
    if (tag === "SELECT" || tag === "INPUT" || tag === "TEXTAREA") {
      if (event.key === "Escape" || event.key === "Enter") event.target.blur();
      return;
    }
    const actions = {
      j: function () { moveSpan(1); }, ArrowDown: function () { moveSpan(1); },
      k: function () { moveSpan(-1); }, ArrowUp: function () { moveSpan(-1); },
      a: function () { setState(state.span, "accepted"); },
      r: function () { setState(state.span, "rejected"); }, x: function () { setState(state.span, "rejected"); },
      l: function () {
        const select = document.querySelector("#span-rows tr.current select");
        if (select) select.focus();
      },
      e: addSelection,
      d: toggleDone,
      n: function () { showNote(state.note + 1); }, p: function () { showNote(state.note - 1); },
      s: save,
    };
    const action = actions[event.key];
    if (action) { event.preventDefault(); action(); }
  });
  window.addEventListener("beforeunload", function (event) {
    if (state.dirty) { event.preventDefault(); event.returnValue = ""; }
  });
  $("save").addEventListener("click", save);
  $("add").addEventListener("click", addSelection);
  $("done").addEventListener("click", toggleDone);
  const addLabel = $("add-label");
  DATA.labels.forEach(function (label) {
    const option = document.createElement("option");
    option.value = label;
    option.textContent = label;
    addLabel.appendChild(option);
  });
  // For tests and scripts: the state and the file a save would write.
  window.phiReview = { notes: notes, state: state, jsonl: jsonl, save: save, addSelection: addSelection, showNote: showNote };
  showNote(0);
})();
