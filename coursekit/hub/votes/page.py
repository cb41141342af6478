"""The instructor's view of the class vote: one self-contained page (no other host, no file but itself), sized for
a projector at 1280x720 and 1920x1080. It lists every lesson's predictions, draws the current round's spread as
bars with each choice's text (the earlier rounds under them), and has the New round, Close and Reveal buttons; the
reveal marks the right answer and shows what each choice reveals. Names are never shown: the CSV link has them."""

from __future__ import annotations

import html

CSS = """
:root { color-scheme: light; --ink: #1a1a1a; --blue: #1565c0; --green: #2e7d32; --grey: #595959; }
* { box-sizing: border-box; }
html { font-size: clamp(15px, 1.55vw, 30px); }
body { margin: 0; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--ink);
  background: #fff; line-height: 1.3; }
header { display: flex; flex-wrap: wrap; gap: 0.4rem 1rem; align-items: end; padding: 0.4rem 1rem;
  background: #f2f4f7; border-bottom: 1px solid #c8ccd2; font-size: 0.8rem; }
header h1 { font-size: 1rem; margin: 0 1rem 0.2rem 0; }
label { display: flex; flex-direction: column; gap: 0.1rem; }
select, button { font: inherit; padding: 0.2rem 0.5rem; border-radius: 4px; }
select { border: 1px solid #767676; background: #fff; color: var(--ink); max-width: 24rem; }
button { border: 2px solid var(--blue); background: var(--blue); color: #fff; cursor: pointer; }
button.quiet { background: #fff; color: var(--blue); }
button:disabled { background: #e6e6e6; color: #595959; border: 2px dashed #8c8c8c; cursor: not-allowed; }
:focus-visible { outline: 3px solid var(--ink); outline-offset: 2px; }
a { color: var(--blue); }
main { padding: 0.5rem 1.2rem 1rem; }
h2 { font-size: 1.35rem; margin: 0.2rem 0 0.3rem; }
#status { font-size: 0.9rem; color: var(--grey); margin: 0 0 0.5rem; }
#status strong { color: var(--ink); }
ol.bars { list-style: none; margin: 0; padding: 0; display: grid; gap: 0.6rem; }
ol.bars li { display: grid; grid-template-columns: minmax(6rem, 16rem) 1fr 7rem; gap: 0.1rem 0.8rem;
  align-items: center; border-left: 0.3rem solid transparent; padding-left: 0.4rem; }
ol.bars li.right { border-left-color: var(--green); background: #edf7ee; }
.choice { font-weight: 600; font-size: 1.3rem; }
.track { height: 2rem; background: #eef1f5; border-radius: 3px; }
.fill { height: 100%; background: var(--blue); border-radius: 3px; min-width: 2px; }
li.right .fill { background: var(--green); }
.count { font-variant-numeric: tabular-nums; font-size: 1.3rem; text-align: right; white-space: nowrap; }
.earlier { grid-column: 2 / 4; font-size: 0.75rem; color: var(--grey); display: flex; gap: 0.6rem;
  align-items: center; }
.earlier .track { height: 0.5rem; flex: 1; }
ol.bars li .earlier .fill { background: #6b7a8f; }
.feedback { grid-column: 1 / 4; font-size: 0.85rem; margin: 0 0 0.2rem; }
.badge { color: var(--green); font-weight: 700; }
#answer { font-size: 1.2rem; font-weight: 700; color: var(--green); margin: 0.6rem 0 0; }
#message { min-height: 1.2em; font-size: 0.8rem; color: #8a1c1c; }
.sr-only { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
"""

JS = r"""
(function () {
  var body = document.body, xsrf = body.dataset.xsrf, pid = null, timer = null, catalogue = {};
  var lessonBox = document.getElementById('lesson'), questionBox = document.getElementById('question');
  var buttons = {round: document.getElementById('round'), close: document.getElementById('close'),
                 reveal: document.getElementById('reveal')};
  function el(tag, cls, text) {
    var e = document.createElement(tag); if (cls) { e.className = cls; }
    if (text !== undefined) { e.textContent = text; } return e;
  }
  function say(text) { document.getElementById('message').textContent = text || ''; }
  function call(method, path) {
    return fetch(path, {method: method, headers: {'X-XSRFToken': xsrf}, credentials: 'same-origin'})
      .then(function (r) {
        return r.json().then(function (data) {
          if (!r.ok) { throw new Error(data.error || ('the service answered ' + r.status)); } return data;
        });
      });
  }
  function bar(count, total) {
    var track = el('span', 'track'), fill = el('span', 'fill');
    track.setAttribute('aria-hidden', 'true'); fill.style.display = 'block';
    fill.style.width = (total ? Math.round(100 * count / total) : 0) + '%'; track.appendChild(fill);
    return track;
  }
  function draw(poll) {
    var current = poll.rounds[poll.rounds.length - 1], total = current.total;
    document.getElementById('asked').textContent = poll.question;
    var words = {open: 'open: votes are coming in', closed: 'closed: no more votes this round',
                 revealed: 'revealed'};
    var status = document.getElementById('status'); status.textContent = '';
    var strong = el('strong', '', total + (total === 1 ? ' vote' : ' votes'));
    status.append('Round ' + poll.round + ' \u00b7 ', strong, ' \u00b7 ' + words[poll.state]);
    var list = document.getElementById('bars'); list.textContent = '';
    var reveal = poll.reveal, feedback = {};
    if (reveal && reveal.feedback) { reveal.feedback.forEach(function (f) { feedback[f.choice] = f; }); }
    current.bars.forEach(function (b, i) {
      var li = el('li'), name = el('span', 'choice', b.label + (poll.unit && poll.kind === 'choice' ? poll.unit : ''));
      var pct = total ? Math.round(100 * b.count / total) : 0;
      if (feedback[b.label] && feedback[b.label].right) {
        li.className = 'right'; name.append(' ', el('span', 'badge', '\u2713 right'));
      }
      li.append(name, bar(b.count, total), el('span', 'count', b.count + ' (' + pct + '%)'));
      poll.rounds.slice(0, -1).forEach(function (r) {
        if (poll.kind !== 'choice' || !r.bars[i]) { return; }
        var earlier = el('span', 'earlier');
        earlier.append(el('span', '', 'round ' + r.round + ': ' + r.bars[i].count + ' of ' + r.total),
                       bar(r.bars[i].count, r.total));
        li.appendChild(earlier);
      });
      if (feedback[b.label]) { li.appendChild(el('p', 'feedback', feedback[b.label].text)); }
      list.appendChild(li);
    });
    var answer = document.getElementById('answer'); answer.textContent = '';
    if (reveal && poll.kind === 'choice') { answer.textContent = 'The answer: ' + reveal.answer; }
    if (reveal && poll.kind === 'number') {
      answer.textContent = 'The answer: ' + (+reveal.answer.toPrecision(4)) + poll.unit + ' \u00b7 ' +
        reveal.close_count + ' of ' + total + ' within ' + Math.round(100 * reveal.close) + '%';
    }
    buttons.close.disabled = poll.state !== 'open';
    buttons.reveal.disabled = poll.state === 'revealed';
    document.getElementById('csv').href = 'votes.csv?pid=' + encodeURIComponent(poll.pid);
  }
  function refresh() {
    if (!pid) { return; }
    call('GET', 'api/polls/' + encodeURIComponent(pid)).then(function (poll) { draw(poll); say(''); })
      .catch(function (e) { say(e.message); });
  }
  function pick(newPid) {
    pid = newPid; history.replaceState(null, '', '#' + pid); refresh();
    clearInterval(timer); timer = setInterval(refresh, 1500);
  }
  function fillQuestions(lesson, chosen) {
    questionBox.textContent = '';
    catalogue[lesson].forEach(function (q) {
      var o = el('option', '', q.pid + ': ' + q.question); o.value = q.pid; questionBox.appendChild(o);
    });
    questionBox.value = chosen || catalogue[lesson][0].pid;
    pick(questionBox.value);
  }
  Object.keys(buttons).forEach(function (action) {
    buttons[action].addEventListener('click', function () {
      if (!pid) { return; }
      say(action === 'reveal' ? 'Working the answer out\u2026' : '');
      call('POST', 'api/polls/' + encodeURIComponent(pid) + '/' + action)
        .then(function (poll) { draw(poll); say(''); }).catch(function (e) { say(e.message); });
    });
  });
  lessonBox.addEventListener('change', function () { fillQuestions(lessonBox.value); });
  questionBox.addEventListener('change', function () { pick(questionBox.value); });
  window.addEventListener('hashchange', function () {
    var wanted = decodeURIComponent(location.hash.slice(1)), lesson = wanted.slice(0, 2);
    if (wanted !== pid && catalogue[lesson]) { lessonBox.value = lesson; fillQuestions(lesson, wanted); }
  });
  call('GET', 'api/catalogue').then(function (data) {
    catalogue = data.lessons;
    Object.keys(catalogue).forEach(function (lesson) {
      var o = el('option', '', 'Lesson ' + lesson); o.value = lesson; lessonBox.appendChild(o);
    });
    var wanted = decodeURIComponent(location.hash.slice(1)), lesson = wanted.slice(0, 2);
    if (!catalogue[lesson]) { lesson = Object.keys(catalogue)[0]; wanted = null; }
    lessonBox.value = lesson; fillQuestions(lesson, wanted);
  }).catch(function (e) { say(e.message); });
})();
"""


def page(xsrf: str, user: str, instructor: bool, group: str) -> str:
    """The instructor's page (or, for anyone else, a page that says whose it is)."""
    if not instructor:
        return (f'<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Class vote</title>'
                f'<style>{CSS}</style></head><body><main><h1>Class vote</h1><p>This page is the instructor\'s: '
                f'{html.escape(user)} is neither a hub admin nor in the group {html.escape(group)}. Your answers '
                f'reach the class vote from the lesson itself.</p></main></body></html>')
    return f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Class vote</title><style>{CSS}</style></head>
<body data-xsrf="{html.escape(xsrf)}">
<header>
  <h1>Class vote</h1>
  <label for="lesson">Lesson<select id="lesson"></select></label>
  <label for="question">Prediction<select id="question"></select></label>
  <button id="round" type="button">New round</button>
  <button id="close" type="button" class="quiet">Close</button>
  <button id="reveal" type="button">Reveal</button>
  <a id="csv" href="votes.csv" download>Votes by learner (CSV)</a>
</header>
<main>
  <h2 id="asked">Pick a lesson and a prediction</h2>
  <p id="status" aria-live="polite"></p>
  <ol id="bars" class="bars" aria-label="the class's answers"></ol>
  <p id="answer" aria-live="polite"></p>
  <p id="message" role="status"></p>
</main>
<script>{JS}</script>
</body></html>"""
