"""Faces: the avatar each member shows — a picture (or the member's initial) on a colour — from closed sets the
server checks like a name (docs/protocol.md, ``avatar``). Pure, no I/O.

A person's avatar is what their device said with ``hello`` (a signed-in player's is their account's). One who never
said one shows their initial on a colour of their member id; a CPU seat always shows the robot, on a colour of its
member id, so each CPU keeps its face for the life of the room.
"""

from __future__ import annotations

from typing import Literal, get_args

Picture = Literal["initial", "cat", "dog", "fox", "bear", "panda", "rabbit", "frog", "owl", "penguin", "tiger",
                  "octopus", "chick"]
Color = Literal["red", "orange", "yellow", "green", "teal", "blue", "purple", "pink"]
PICTURES: tuple[str, ...] = get_args(Picture)
COLORS: tuple[str, ...] = get_args(Color)
CPU_PICTURE = "robot"  # a CPU seat's picture: never a person's, so a CPU is known at a glance

Avatar = dict[str, str]  # {"picture": one of PICTURES (a CPU's: CPU_PICTURE), "color": one of COLORS}


def face(member_id: str, avatar: Avatar | None, *, cpu: bool) -> Avatar:
    """The avatar a member shows: their own, or for a CPU seat (and a person who never chose one) the robot (the
    initial) on a colour fixed by the member id.

    >>> face("c3", None, cpu=True), face("m1", None, cpu=False)
    ({'picture': 'robot', 'color': 'green'}, {'picture': 'initial', 'color': 'orange'})
    >>> face("m2", {"picture": "fox", "color": "teal"}, cpu=False)
    {'picture': 'fox', 'color': 'teal'}
    """
    if avatar is not None and not cpu:
        return avatar
    color = COLORS[int(member_id[1:] or 0) % len(COLORS)]
    return {"picture": CPU_PICTURE if cpu else "initial", "color": color}
