"""The generation widget: a person reviews each proposed task and decides, in a notebook.

The widget only shows and forwards: every decision is a :class:`aspera_workbench.generation.GenerationFlow`
method, which checks it, runs it and saves it to the session file before returning, so closing the
notebook loses nothing and a widget on the same session file continues where it stopped.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import Any

import ipywidgets as widgets
from IPython.display import display

from aspera_workbench.generation import (
    INVALID,
    LEFT_OPEN,
    NEW,
    OPEN,
    PROGRAM_STEPS,
    VALID,
    WHAT,
    Candidate,
    DecisionError,
    GenerationFlow,
    GenerationStopped,
    read_program,
)

_STATUS_COLOURS = {VALID: "#009E73", INVALID: "#D55E00", NEW: "#555555"}


def check_html(candidate: Candidate) -> str:
    """The checks of a candidate as HTML: verdict, problems, notes and what was measured."""
    colour = _STATUS_COLOURS.get(candidate.status, "#555555")
    title = {VALID: "passes every check", INVALID: "fails a check", NEW: "not checked yet"}.get(
        candidate.status, candidate.status
    )
    if candidate.unanswered:  # it failed no check: regenerating the step asks again
        colour, title = "#555555", f"{LEFT_OPEN} (no answer after the retries; regenerate the step to ask again)"
    parts = [f'<b style="color:{colour}">{html.escape(candidate.id)}: {title}</b>']
    check = candidate.check
    if check is not None and check.problems:
        items = "".join(
            f"<li><pre style='white-space:pre-wrap;margin:0'>{html.escape(p)}</pre></li>" for p in check.problems
        )
        blamed = html.escape(WHAT.get(check.stage, check.stage))
        others = " or ".join(html.escape(f"the {WHAT.get(step, step)}") for step in check.also)
        # the engine repairs the blamed step first; a person may know the other is the one to change
        options = f"; or {others} may be what has to change: pick its step to regenerate" if others else ""
        parts.append(f"<div>Problem ({blamed}{options}):<ul>{items}</ul></div>")
    facts = candidate.facts
    details = []
    if "behaviour" in facts:
        details.append(f"reference program in its world: {facts['behaviour']}")
    if facts.get("expects_handback"):
        details.append("the right behaviour is to hand back (the task is tagged handback)")
    mutants = facts.get("mutants")
    if mutants:
        details.append(
            f"mutants: {mutants['rejected']} of {mutants['tried']} rejected, "
            f"{mutants['change_nothing']} change nothing here, {mutants['accepted']} accepted"
        )
    rewrites = facts.get("rewrites")
    if rewrites:
        details.append(f"rewrites: {rewrites['tried'] - rewrites['refused']} of {rewrites['tried']} accepted")
    if check is not None:
        details += check.notes
    repairs = ", ".join(f"{step} {count}" for step, count in candidate.repairs.items() if count)
    if repairs:
        details.append(f"repairs asked of the model: {repairs}")
    if candidate.edited:
        details.append(f"edited by a person: {', '.join(candidate.edited)}")
    if details:
        parts.append("<ul>" + "".join(f"<li>{html.escape(str(d))}</li>" for d in details) + "</ul>")
    return "".join(parts)


class GenerationWidget:
    """An ipywidgets view of a generation session (``view`` is the root widget); ``count`` requests per proposal."""

    def __init__(self, flow: GenerationFlow, count: int = 5) -> None:
        self.flow = flow
        self.summary = widgets.HTML()
        self.focus = widgets.Text(
            placeholder="optional, e.g. loops over dates", description="Focus", layout=widgets.Layout(width="60%")
        )
        self.count = widgets.BoundedIntText(
            value=count, min=1, max=20, description="Requests", layout=widgets.Layout(width="180px")
        )
        self._buttons: list[widgets.Button] = []
        self.propose_button = self._button("Propose requests", "", "lightbulb-o", self.propose)
        self.proposals = widgets.Dropdown(description="Proposal", layout=widgets.Layout(width="95%"))
        self.query = widgets.Textarea(description="Request", layout=widgets.Layout(width="95%", height="60px"))
        self.code = {
            step: widgets.Textarea(layout=widgets.Layout(width="100%", height="320px")) for step in PROGRAM_STEPS
        }
        for area in self.code.values():
            area.add_class("aspera-code")
        self.tabs = widgets.Tab(children=[self.code[s] for s in PROGRAM_STEPS], titles=[WHAT[s] for s in PROGRAM_STEPS])
        self.checks = widgets.HTML()
        self.comment = widgets.Text(
            placeholder="what should change (sent to the model with Regenerate; the reason with Reject)",
            description="Comment",
            layout=widgets.Layout(width="95%"),
        )
        self.step = widgets.Dropdown(options=[(WHAT[s], s) for s in PROGRAM_STEPS], description="Step")
        self.accept_button = self._button("Accept", "success", "check", self.accept, keep_edits=True)
        self.edit_button = self._button("Check my edits", "info", "pencil", self.check_edits, keep_edits=True)
        self.regenerate_button = self._button("Regenerate", "warning", "refresh", self.regenerate, keep_edits=True)
        self.reject_button = self._button("Reject", "danger", "times", self.reject)
        self.message = widgets.HTML()
        self.proposals.observe(self._selected, names="value")
        self._refreshing = False
        self._next: str | None = None  # the proposal to show after the next refresh
        self._shown: str | None = None  # the proposal whose texts the text areas hold
        self._baseline: tuple[str, dict[str, str]] = ("", {})  # what they held before the person typed
        #: Unchecked edits of proposals not shown now: request and programs, by proposal id.
        self._drafts: dict[str, tuple[str, dict[str, str]]] = {}
        self.view = widgets.VBox(
            [
                widgets.HTML("<style>.aspera-code textarea { font-family: monospace; font-size: 12px; }</style>"),
                self.summary,
                widgets.HBox([self.focus, self.count, self.propose_button]),
                self.proposals,
                self.query,
                self.tabs,
                self.checks,
                self.comment,
                widgets.HBox([self.step, *self._buttons[1:]]),
                self.message,
            ]
        )
        self.refresh()

    def _ipython_display_(self) -> None:
        display(self.view)

    def _button(
        self, description: str, style: str, icon: str, action: Callable[[], str], keep_edits: bool = False
    ) -> widgets.Button:
        """A button running ``action`` through :meth:`_run` (disabled, with the others, while it runs)."""
        button = widgets.Button(description=description, button_style=style, icon=icon)
        button.on_click(lambda _: self._run(action, keep_edits_on_error=keep_edits))
        self._buttons.append(button)
        return button

    # -- what the buttons do -------------------------------------------------------

    @property
    def current(self) -> Candidate | None:
        """The proposal shown."""
        return self.flow.candidate(self.proposals.value) if self.proposals.value else None

    def _run(self, action: Callable[[], str], keep_edits_on_error: bool = False) -> None:
        """Run an action with the buttons disabled, then prepare the proposal shown if it is new.

        The result, or the error, goes to the message line; with ``keep_edits_on_error`` a refused
        action leaves the person's text in place, to be corrected rather than typed again.
        """
        failed = False
        for button in self._buttons:
            button.disabled = True
        self.message.value = "<i>working...</i>"
        try:
            text = action()
            self.refresh()
            current = self.current
            if current is not None and current.status == NEW:
                self.flow.prepare(current.id)
                text += html.escape(f" ({current.id} written and checked: {current.shown_status})")
        except (DecisionError, GenerationStopped, ValueError, OSError) as error:
            text = f'<span style="color:#D55E00">{html.escape(str(error))}</span>'
            failed = True
        finally:
            for button in self._buttons:
                button.disabled = False
        self.message.value = text
        self.refresh(keep_edits=failed and keep_edits_on_error)

    def propose(self) -> str:
        """Ask for new requests and show the first."""
        new = self.flow.propose(self.count.value, self.focus.value.strip() or None)
        batch = self.flow.log.state.batches[-1]
        dropped = batch.get("dropped") or []
        text = f"{len(new)} new requests"
        if dropped:
            text += f"; {len(dropped)} dropped: " + "; ".join(f"{d['query']} ({d['reason']})" for d in dropped)
        if batch.get("problem"):
            text += f"; {batch['problem']}"
        if new:
            self._next = new[0].id
        return html.escape(text)

    def accept(self) -> str:
        """Accept the proposal shown (refused while it has edits that were not checked)."""
        candidate = self._require()
        self._refuse_unchecked("accepted")
        task = self.flow.accept(candidate.id)
        return f"{html.escape(candidate.id)} written as task {html.escape(task.query_id)} to {html.escape(str(self.flow.target.root))}"

    def check_edits(self) -> str:
        """Take the person's text of every changed field, then check the task again."""
        candidate = self._require()
        for step in PROGRAM_STEPS:  # every program is read before any edit is taken
            if self._typed(candidate, step):
                read_program(self.code[step].value, step)
        changed = []
        if " ".join(self.query.value.split()) != candidate.query:
            self.flow.edit(candidate.id, "query", self.query.value)
            changed.append("query")
        for step in PROGRAM_STEPS:
            if self._typed(candidate, step):  # asked again: an edit before may have changed the candidate's programs
                self.flow.edit(candidate.id, step, self.code[step].value)
                changed.append(step)
        self._baseline = self._texts()  # taken: no longer unchecked edits
        if not changed:
            return "nothing was edited"
        return html.escape(f"checked again after editing {', '.join(changed)}: {candidate.shown_status}")

    def regenerate(self) -> str:
        """Ask the model for the chosen step again, with the comment (refused while edits are unchecked)."""
        candidate = self._require()
        self._refuse_unchecked("written again")
        self.flow.regenerate(candidate.id, self.step.value, self.comment.value)
        self.comment.value = ""
        return html.escape(f"{WHAT[self.step.value]} written again: {candidate.shown_status}")

    def reject(self) -> str:
        """Reject the proposal shown, with the comment as the reason."""
        candidate = self._require()
        self.flow.reject(candidate.id, self.comment.value.strip() or "rejected by a person")
        self.comment.value = ""
        return html.escape(f"{candidate.id} rejected")

    def _typed(self, candidate: Candidate, step: str) -> bool:
        """Whether the person typed a program other than the candidate's (an emptied area is no edit)."""
        text = self.code[step].value.strip()
        return bool(text) and text != (candidate.code(step) or "").strip()

    def _texts(self) -> tuple[str, dict[str, str]]:
        return self.query.value, {step: self.code[step].value for step in PROGRAM_STEPS}

    def _unchecked(self) -> list[str]:
        """The fields whose text the person changed since it was shown: edits not checked yet."""
        query, codes = self._baseline
        edited = ["request"] if self.query.value.split() != query.split() else []
        for step in PROGRAM_STEPS:
            text = self.code[step].value.strip()
            if text and text != codes.get(step, "").strip():  # (an emptied area is no edit, as for a check)
                edited.append(WHAT[step])
        return edited

    def _refuse_unchecked(self, doing: str) -> None:
        unchecked = self._unchecked()
        if unchecked:
            raise DecisionError(
                f"your edits of the {', '.join(unchecked)} are not checked, so the proposal cannot be {doing}: "
                "click 'Check my edits' first (your text stays where it is)"
            )

    def _keep_draft(self) -> None:
        """Remember the unchecked edits of the proposal shown before the text areas are refilled."""
        shown = self.flow.log.state.candidates.get(self._shown or "")
        if shown is not None and shown.status in OPEN and self._unchecked():
            self._drafts[shown.id] = self._texts()
        else:
            self._drafts.pop(self._shown or "", None)

    def _require(self) -> Candidate:
        candidate = self.current
        if candidate is None:
            raise DecisionError("no proposal is selected")
        return candidate

    # -- showing --------------------------------------------------------------------

    def _selected(self, change: dict[str, Any]) -> None:
        if change.get("new") and not self._refreshing:
            self._run(lambda: "")

    def refresh(self, select: str | None = None, keep_edits: bool = False) -> None:
        """Show the session's current state (and the proposal ``select``); ``keep_edits`` leaves the text areas."""
        self.summary.value = f"<b>{html.escape(self.flow.summary())}</b>"
        waiting = self.flow.open_candidates()
        options = [(f"{c.id} [{c.shown_status}] {c.query}", c.id) for c in waiting]
        keep = select or self._next or self.proposals.value
        self._next = None
        if keep not in [value for _, value in options]:
            keep = options[0][1] if options else None
        self._refreshing = True
        try:
            self.proposals.options = options
            self.proposals.value = keep
        finally:
            self._refreshing = False
        candidate = self.current
        if not keep_edits:
            self._keep_draft()
            loaded = (
                candidate.query if candidate else "",
                {step: (candidate.code(step) or "") if candidate else "" for step in PROGRAM_STEPS},
            )
            self._baseline = loaded
            query, codes = self._drafts.get(candidate.id, loaded) if candidate else loaded
            self.query.value = query
            for step in PROGRAM_STEPS:
                self.code[step].value = codes[step]
        self._shown = candidate.id if candidate else None
        self.checks.value = check_html(candidate) if candidate else "<i>No proposal waiting: propose requests.</i>"
        if candidate is not None and candidate.id in self._drafts and self._unchecked():
            self.checks.value += "<p><i>The text areas hold your unchecked edits of this proposal (kept while you looked at another).</i></p>"
        if candidate is not None and candidate.check is not None and not candidate.check.ok:
            self.tabs.selected_index = PROGRAM_STEPS.index(candidate.check.stage)
            self.step.value = candidate.check.stage
