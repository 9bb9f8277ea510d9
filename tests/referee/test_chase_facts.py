"""One constructed position per clause of RULES.md §5: what a move newly chases.

Each test plays one legal move and asks which enemy pieces it newly chases, by
piece letter and square (``"n@c4"``), under the Asian options and, where the
rule sets differ, under the XiangqiPlay ones.
"""

from __future__ import annotations

from cotuong import Board, Move, square_name
from cotuong.referee.facts import ASIAN_CHASE, SIMPLE_CHASE, ChaseOptions, PlyNote, move_chases


def chased(fen: str, move: str, options: ChaseOptions = ASIAN_CHASE) -> set[str]:
    board = Board(fen)
    m = Move.from_iccs(move)
    assert board.is_legal(m), f"{move} must be legal in {fen}"
    victims = move_chases(board, m.encode(), options)
    out = set()
    for v in victims:
        sq = board.piece_square(v)
        assert sq is not None
        out.add(f"{board.piece_by_id(v).letter}@{square_name(sq)}")
    return out


def test_a_new_attack_on_an_unprotected_piece_is_a_chase() -> None:
    assert chased("4k4/9/9/9/9/2n6/9/9/9/3K2R2 w - - 0 1", "g0g4") == {"n@c4"}


def test_an_attack_that_existed_before_the_move_is_not_new() -> None:
    # The rook slides along the rank from which it already attacked the horse.
    assert chased("4k4/9/9/9/2n3R2/9/9/9/9/3K5 w - - 0 1", "g5h5") == set()


def test_a_discovered_attack_is_a_chase() -> None:
    # The horse leaves the a-file and uncovers the rook on a0.
    assert chased("4k4/9/n8/9/N8/9/9/9/9/R2K5 w - - 0 1", "a5b7") == {"n@a7"}


def test_king_and_pawn_attackers_do_not_chase() -> None:
    assert chased("3k5/9/9/9/9/9/9/9/5n3/4K4 w - - 0 1", "e0e1") == set()
    assert chased("3k5/9/9/2n6/3P5/9/9/9/9/4K4 w - - 0 1", "d5d6") == set()


def test_the_king_is_checked_not_chased() -> None:
    board = Board("3k5/9/9/9/9/9/9/9/9/4K2R1 w - - 0 1")
    assert move_chases(board, Move.from_iccs("h0h9").encode()) == frozenset()
    assert board.is_check()


def test_an_uncrossed_pawn_is_not_chased_a_crossed_one_is() -> None:
    assert chased("3k5/9/9/p8/9/9/9/9/9/1R2K4 w - - 0 1", "b0b6") == set()
    assert chased("3k5/9/9/9/9/p8/9/9/9/1R2K4 w - - 0 1", "b0b4") == {"p@a4"}


def test_an_attacker_that_cannot_legally_capture_does_not_chase() -> None:
    pinned = "3k5/4r4/9/9/9/2n6/4R4/9/9/4K4 w - - 0 1"  # Black rook e8 pins the rook
    free = "3k5/9/9/9/9/2n6/4R4/9/9/4K4 w - - 0 1"
    assert chased(pinned, "e3e4") == set()
    assert chased(free, "e3e4") == {"n@c4"}


def test_a_real_protector_prevents_the_chase() -> None:
    # The Black pawn c6 can take back on c5.
    assert chased("4k4/9/9/2p6/2n6/9/9/9/9/3K2R2 w - - 0 1", "g0g5") == set()
    # The Black rook c9 can take back on c4.
    assert chased("2rk5/9/9/9/9/2n6/9/9/9/4K1R2 w - - 0 1", "g0g4") == set()


def test_a_pinned_protector_is_false() -> None:
    # The Red rook a9 pins the Black rook c9 to its king: it cannot take back.
    assert chased("R1rk5/9/9/9/9/2n6/9/9/9/4K1R2 w - - 0 1", "g0g4") == {"n@c4"}


def test_a_king_whose_recapture_would_face_the_other_king_is_a_false_protector() -> None:
    facing = "3nk4/9/9/9/9/9/9/9/9/R2K5 w - - 0 1"  # Kxd9 would face the king on d0
    safe = "3nk4/9/9/9/9/9/9/9/9/R4K3 w - - 0 1"
    assert chased(facing, "a0a9") == {"n@d9"}
    assert chased(safe, "a0a9") == set()


def test_an_exchange_offer_the_victim_can_accept_is_not_a_chase() -> None:
    assert chased("3k5/9/9/9/9/2r6/9/9/9/4K2R1 w - - 0 1", "h0h4") == set()


def test_an_exchange_offer_the_victim_cannot_take_is_a_chase() -> None:
    # The rook d5 is pinned on the d-file: it cannot take the rook on i5.
    assert chased("3k5/9/9/9/3r5/8R/9/9/9/3RK4 w - - 0 1", "i4i5") == {"r@d5"}
    # A horse whose leg is blocked (by the advisor on d7) cannot take back.
    assert chased("4k4/9/2na5/9/6N2/9/9/9/9/3K5 w - - 0 1", "g5e6") == {"n@c7"}
    assert chased("4k4/9/2n6/9/6N2/9/9/9/9/3K5 w - - 0 1", "g5e6") == set()


def test_horse_or_cannon_on_a_protected_rook_is_a_chase_in_asian_rules_only() -> None:
    fen = "4k4/4a4/3r5/9/9/6N2/9/9/9/5K3 w - - 0 1"  # the advisor protects d7
    assert chased(fen, "g4e5", ASIAN_CHASE) == {"r@d7"}
    assert chased(fen, "g4e5", SIMPLE_CHASE) == set()


def test_elephant_or_advisor_on_a_protected_horse_is_a_chase_in_asian_rules_only() -> None:
    fen = "r3k4/9/9/9/9/9/9/n3B4/9/3K5 w - - 0 1"  # the rook a9 protects a2
    assert chased(fen, "e2c4", ASIAN_CHASE) == {"n@a2"}
    assert chased(fen, "e2c4", SIMPLE_CHASE) == set()


def test_blocking_the_protector_is_a_chase() -> None:
    # The horse steps between the Black rook c9 and the horse it protects.
    assert chased("2r1k4/9/9/9/9/1Nn3R2/9/9/9/3K5 w - - 0 1", "b4c6") == {"n@c4"}


def test_pinning_the_protector_is_a_chase() -> None:
    # The rook on a9 pins the Black rook c9 against its king: c4 loses its protector.
    assert chased("2r1k4/9/9/9/9/2n3R2/9/9/9/R2K5 w - - 0 1", "a0a9") == {"n@c4"}


def test_removing_a_protecting_cannons_screen_chases_unless_it_is_a_defence() -> None:
    # The pawn on c6 screens the Black cannon c9 that protects the horse c1.
    assert chased("2c1k4/9/9/2P6/9/9/9/9/2nR5/5K3 w - - 0 1", "c6b6") == {"n@c1"}
    # The horse on c6 is the screen, but it runs from the Black rook a6: a defence.
    assert chased("2c1k4/9/9/r1N6/9/9/9/9/2nR5/5K3 w - - 0 1", "c6d8") == set()


def test_a_pinned_immobile_victim_is_chased_even_if_protected_when_switched_on() -> None:
    # The Black horse e8 is pinned on the e-file by the rook e3 and cannot move; the
    # advisor d9 protects it. The cannon arrives on g8 and attacks it over the f8 pawn.
    fen = "3ak4/4nP3/9/9/9/9/4R4/9/9/3K2C2 w - - 0 1"
    on = ChaseOptions(stronger_victim=True, pinned_victim=True, minor_attacker=True)
    off = ChaseOptions(stronger_victim=True, pinned_victim=False, minor_attacker=True)
    assert chased(fen, "g0g8", off) == set()
    assert chased(fen, "g0g8", on) == {"n@e8"}


def test_the_check_fact_is_kept_on_the_stack() -> None:
    from cotuong import Game

    game = Game("3k5/9/9/9/9/9/9/9/9/4K2R1 w - - 0 1")
    game.play("h0h9")
    note = game.board.stack[-1].note
    assert isinstance(note, PlyNote) and note.check and note.chases is None
