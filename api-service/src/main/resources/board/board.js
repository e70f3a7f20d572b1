// The sale-day board: logs in with POST login, keeps the token in this tab's sessionStorage, and polls GET data once
// a period with it as a Bearer token (EventSource cannot send one). Plain DOM and inline SVG; nothing from elsewhere.
'use strict';
(() => {
  const TOKEN = 'minitickets.board.token';
  const SVG = 'http://www.w3.org/2000/svg';
  const $ = (id) => document.getElementById(id);
  let token = sessionStorage.getItem(TOKEN);
  let timer = null;

  function signedIn(yes) {
    $('login').hidden = yes;
    $('board').hidden = !yes;
    $('logout').hidden = !yes;
    if (!yes) {
      setStatus('signed out', '');
    }
  }

  function setStatus(text, state) {
    const status = $('status');
    status.textContent = text;
    status.className = 'status ' + state;
  }

  function signOut(message) {
    clearTimeout(timer);
    token = null;
    sessionStorage.removeItem(TOKEN);
    signedIn(false);
    $('login-error').textContent = message || '';
  }

  async function login(event) {
    event.preventDefault();
    $('login-error').textContent = '';
    try {
      const response = await fetch('login', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: $('email').value, password: $('password').value }),
      });
      const body = await response.json();
      if (!response.ok) {
        $('login-error').textContent = body.detail || body.title || ('HTTP ' + response.status);
        return;
      }
      token = body.token;
      sessionStorage.setItem(TOKEN, token);
      $('password').value = '';
      start();
    } catch (error) {
      $('login-error').textContent = 'The service did not answer: ' + error.message;
    }
  }

  function start() {
    signedIn(true);
    poll();
  }

  async function poll() {
    let period = 1000;
    try {
      const response = await fetch('data', { headers: { Authorization: 'Bearer ' + token }, cache: 'no-store' });
      if (response.status === 401) {
        signOut('Your session has expired: log in again.');
        return;
      }
      if (response.status === 403) {
        signOut('This account is not an admin: the board needs role ADMIN.');
        return;
      }
      if (!response.ok) {
        throw new Error('HTTP ' + response.status);
      }
      const data = await response.json();
      period = data.periodMillis || period;
      render(data);
      setStatus('live · ' + new Date(data.at).toLocaleTimeString(), 'live');
    } catch (error) {
      setStatus('stale · ' + error.message, 'stale');
    }
    timer = setTimeout(poll, period);
  }

  function number(value, digits) {
    if (value === null || value === undefined) {
      return '–';
    }
    return value.toLocaleString(undefined, { maximumFractionDigits: digits || 0 });
  }

  function figure(id, value, digits, hot) {
    const output = $(id);
    output.textContent = number(value, digits);
    output.classList.toggle('hot', Boolean(hot));
  }

  function spark(svg, values) {
    const points = values.map((v, i) => [i, v]).filter((p) => p[1] !== null && p[1] !== undefined);
    svg.replaceChildren();
    if (points.length < 2) {
      return;
    }
    const max = Math.max(...points.map((p) => p[1]));
    const min = Math.min(0, ...points.map((p) => p[1]));
    const span = (max - min) || 1;
    const last = Math.max(values.length - 1, 1);
    const d = points.map((p, i) => (i ? 'L' : 'M') + (p[0] * 100 / last).toFixed(2) + ' '
        + (28 - (p[1] - min) * 26 / span).toFixed(2)).join(' ');
    const path = document.createElementNS(SVG, 'path');
    path.setAttribute('d', d);
    svg.append(path);
  }

  function render(data) {
    const requests = data.requests;
    const now = requests.now || {};
    figure('rate-accepted', now.accepted, 1);
    figure('rate-conflict', now.conflict, 1);
    figure('rate-too-many', now.tooMany, 1, now.tooMany > 0);
    figure('rate-unavailable', now.unavailable, 1, now.unavailable > 0);
    figure('p99', requests.p99Millis, 1);
    spark($('spark-accepted'), requests.accepted);
    spark($('spark-conflict'), requests.conflict);
    spark($('spark-too-many'), requests.tooMany);
    spark($('spark-unavailable'), requests.unavailable);
    spark($('spark-p99'), requests.p99History);

    const backlog = data.backlog;
    figure('lag', backlog.lag, 0, backlog.lag > 0);
    figure('dead-letters', backlog.deadLetters, 0, backlog.deadLetters > 0);
    figure('parked', backlog.parked, 0, backlog.parked > 0);
    spark($('spark-lag'), backlog.lagHistory);
    spark($('spark-dead-letters'), backlog.deadLetterHistory);
    figure('webhooks-refused', data.webhooks.refusedPerSecond, 1, data.webhooks.refusedPerSecond > 0);
    spark($('spark-webhooks-refused'), data.webhooks.refusedHistory);
    $('partitions').textContent = backlog.partitions
      .map((p) => 'p' + p.partition + ': ' + (p.end - (p.committed || 0))).join(' · ');

    renderQueue(data.queue);
    renderEvents(data.events);
    $('problems').replaceChildren(...data.problems.map((text) => {
      const item = document.createElement('li');
      item.textContent = text;
      return item;
    }));
  }

  // Records a newly queued booking waits behind, and how long at the measured settle rate: the offsets api-service
  // reads once a second for queue positions (data.queue), beside the lag above.
  function seconds(value) {
    if (value === null || value === undefined) {
      return '–';
    }
    return value < 60 ? value + ' s' : Math.floor(value / 60) + ' min ' + (value % 60) + ' s';
  }

  function renderQueue(queue) {
    figure('queue-ahead', queue.ahead, 0, queue.ahead > 0);
    $('queue-eta').textContent = seconds(queue.etaSeconds);
    spark($('spark-queue'), queue.aheadHistory);
    $('queue-partitions').replaceChildren(...queue.partitions.map((p) => {
      const item = document.createElement('span');
      item.className = 'queue-partition';
      item.id = 'queue-p' + p.partition;
      item.textContent = 'p' + p.partition + ': ' + number(p.ahead) + ' ahead, ETA ' + seconds(p.etaSeconds)
        + (p.ratePerSecond !== null && p.ratePerSecond !== undefined ? ' @ ' + number(p.ratePerSecond, 1) + '/s' : '');
      return item;
    }));
  }

  function renderEvents(events) {
    const container = $('events');
    const seen = new Set();
    for (const event of events) {
      const id = 'event-' + event.id;
      seen.add(id);
      let card = $(id);
      if (!card) {
        card = eventCard(id, event);
      }
      container.append(card);
      card.querySelector('.sold-count').textContent = number(event.sold);
      card.querySelector('.capacity').textContent = number(event.capacity);
      card.querySelector('.bar div').style.width = Math.min(100, event.sold * 100 / (event.capacity || 1)) + '%';
      card.querySelector('.gate').textContent = number(event.gate);
      card.querySelector('.leases').textContent = number(event.leases);
      const drift = card.querySelector('.drift');
      drift.textContent = (event.drift === null) ? '?' : number(event.drift);
      drift.classList.toggle('drifting', event.drift !== null && event.drift !== 0);
      spark(card.querySelector('.spark'), event.soldHistory);
      renderPaid(card, event.paid);
      renderRoom(card, event.waitingRoom);
    }
    for (const card of [...container.children]) {
      if (!seen.has(card.id)) {
        card.remove();
      }
    }
    if (!events.length) {
      const empty = document.createElement('p');
      empty.className = 'empty';
      empty.id = 'no-events';
      empty.textContent = 'No event whose sale has opened.';
      container.append(empty);
    }
  }

  // A paid event's panel: its facts, in the order of PAID_FACTS; a free event's card has none.
  const PAID_FACTS = [
    ['holds-open', 'holds open', (p) => number(p.holdsOpen)],
    ['expired', 'expired /s', (p) => number(p.expiredPerSecond, 1)],
    ['waiting', 'waiting list', (p) => number(p.waiting)],
    ['offers', 'offers made / taken', (p) => number(p.offersMade) + ' / ' + number(p.offersTaken)],
    ['payments', 'payments applied / refunded / declined',
      (p) => number(p.paymentsApplied) + ' / ' + number(p.paymentsRefunded) + ' / ' + number(p.paymentsDeclined)],
    ['refunds', 'refunds pending / issued', (p) => number(p.refundsPending) + ' / ' + number(p.refundsIssued)],
  ];

  // Shows data as a list of facts of the given class in the card, one per entry of facts ([class, label, value]);
  // without data, removes the list. Returns the list, or null.
  function renderFacts(card, className, facts, data) {
    let list = card.querySelector('dl.' + className);
    if (!data) {
      if (list) {
        list.remove();
      }
      return null;
    }
    if (!list) {
      list = document.createElement('dl');
      list.className = className;
      for (const [name, label] of facts) {
        const fact = document.createElement('div');
        const term = document.createElement('dt');
        term.textContent = label;
        const value = document.createElement('dd');
        value.className = name;
        fact.append(term, value);
        list.append(fact);
      }
      card.append(list);
    }
    for (const [name, , value] of facts) {
      list.querySelector('.' + name).textContent = value(data);
    }
    return list;
  }

  function renderPaid(card, paid) {
    const facts = renderFacts(card, 'paid', PAID_FACTS, paid);
    if (facts) {
      facts.querySelector('.refunds').classList.toggle('drifting', paid.refundsPending > 0);
    }
  }

  // An event's waiting room: its facts, in the order of ROOM_FACTS; an event without one has none.
  const ROOM_FACTS = [
    ['waiting', 'waiting', (r) => number(r.waiting)],
    ['admitted-rate', 'admitted /s', (r) => number(r.admittedPerSecond, 1)],
    ['dropped', 'dropped', (r) => number(r.dropped)],
    ['eta', 'ETA of the last place, s', (r) => number(r.etaLastSeconds)],
    ['state', 'admission', (r) => r.soldOut ? 'sold out' : r.paused ? 'paused' : 'admitting'],
    ['rate', 'rate', (r) => r.mode + ((r.perSecond !== null && r.perSecond !== undefined)
      ? (r.mode === 'auto' ? ', at most ' : ' ') + number(r.perSecond) + '/s' : '')],
  ];

  function renderRoom(card, room) {
    const facts = renderFacts(card, 'room', ROOM_FACTS, room);
    if (facts) {
      facts.querySelector('.state').classList.toggle('drifting', room.paused || room.soldOut);
    }
  }

  function eventCard(id, event) {
    const card = document.createElement('article');
    card.className = 'event';
    card.id = id;
    card.dataset.eventId = event.id;
    const title = document.createElement('h3');
    title.textContent = event.name + ' ';
    const number = document.createElement('span');
    number.textContent = '#' + event.id;
    title.append(number);
    const sold = document.createElement('div');
    sold.className = 'sold';
    sold.innerHTML = '<span class="sold-count"></span> <small>of <span class="capacity"></span> sold</small>';
    const bar = document.createElement('div');
    bar.className = 'bar';
    bar.append(document.createElement('div'));
    const svg = document.createElementNS(SVG, 'svg');
    svg.setAttribute('class', 'spark');
    svg.setAttribute('viewBox', '0 0 100 30');
    svg.setAttribute('preserveAspectRatio', 'none');
    const facts = document.createElement('dl');
    facts.innerHTML = '<div><dt>gate counter</dt><dd class="gate"></dd></div>'
      + '<div><dt>live leases</dt><dd class="leases"></dd></div>'
      + '<div><dt>drift</dt><dd class="drift"></dd></div>';
    card.append(title, sold, bar, svg, facts);
    return card;
  }

  $('login').addEventListener('submit', login);
  $('logout').addEventListener('click', () => signOut(''));
  if (token) {
    start();
  } else {
    signedIn(false);
  }
})();
