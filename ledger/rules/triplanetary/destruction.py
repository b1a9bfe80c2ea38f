"""A ship, base or recreation module destroyed in play (Triplanetary's combat, §1): the crews
aboard die, a player aboard dies with it and the company is dissolved (§5), a base's
recreation modules (§20) and the offices in it (§8) go with it.
"""

from __future__ import annotations

from typing import Annotated

from ledger.core.params import Arg, Move
from ledger.core.steps import find
from ledger.rules.triplanetary.justice import refuse_dead
from ledger.rules.triplanetary.kit import (
    COMMANDS,
    GONE,
    Act,
    Done,
    find_post,
)
from ledger.rules.triplanetary.model import DESTROYED, Module
from ledger.rules.triplanetary.trials import death


class Destroy(Move):
    what: Annotated[str, Arg("SHIP|BASE|MODULE", column="player")]
    aboard: Annotated[str | None, Arg("--aboard")] = None


@COMMANDS("destroy", "ledger destroy Nomad --aboard Ann")
def _destroy(act: Act, a: Destroy) -> Done:
    """Record a ship, base or recreation module destroyed in play; its crews die, and a player
    aboard (§5); a base's modules and offices go with it (§20, §8).

    A player aboard dies and the company is dissolved (§5); a module destroyed alone leaves its
    base standing (§20)."""
    state = act.state
    key = a.what.strip().casefold()
    module = find(state.modules, key, lambda m: m.id)
    named = any(
        key in (p.id.casefold(), p.name.strip().casefold()) for p in (*state.ships, *state.bases)
    )
    if module is not None and not named:
        return _destroy_module(act, module, a)
    post = find_post(act.books, a.what, act.where["what"], kinds=("ship", "base"), gone_ok=True)
    if post.status in GONE:
        raise act.said("destroyed-already", "what", post=post.name or post.id, status=post.status)
    player = act.player(a.aboard, "aboard") if a.aboard else None
    if player is not None:
        refuse_dead(player, act.where["aboard"])
    post = state.update(post, status=DESTROYED)
    dead = [c for c in state.crews if c.post == post.id and c.active]
    for c in dead:
        state.update(c, status="dead", ended_day=act.books.day)
    text = f"{post.name or post.id} destroyed; crews {', '.join(c.id for c in dead) or 'none'} dead"
    for m in state.modules:
        if m.base == post.id and m.status != DESTROYED:
            state.update(m, status=DESTROYED)
            text += f"; recreation module {m.id} destroyed with it (§20)"
    for o in state.offices:
        if o.place == post.id and o.status == "open":
            state.update(o, status="closed")
            text += f"; office {o.id} in it closed, no more fees (§8)"
    if player is not None:
        text += "; " + death(act, player).replace("are put to death", "die with it")
    return Done(text)


def _destroy_module(act: Act, module: Module, a: Destroy) -> Done:
    """§20: a recreation module destroyed on its own; its base stands, its crews live."""
    if module.status == DESTROYED:
        raise act.said("module-destroyed-already", "what", module=module.id)
    if a.aboard:
        raise act.said(
            "aboard-a-module", "aboard", module=module.id, base=module.base, aboard=a.aboard
        )
    act.state.update(module, status=DESTROYED)
    return Done(
        f"recreation module {module.id} destroyed; base {module.base} stands; no more pay is spent there, no tax, no trial modifier (§20, §29, §36C)"
    )
