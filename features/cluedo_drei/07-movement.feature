Feature: Turn Sequence — roll, move and enter a location
  Transcribes step 2 of the rulebook's "Turn Sequence": roll both dice and
  move by their sum, straight steps only, back and forth and round corners,
  stop on entering a location and forfeit the rest, and stay on the path
  when no location is in reach.  Distances come from our board
  (see Components, CD-CMP-04 to CD-CMP-06).

  @CD-MOV-01
  Rule: A turn begins with rolling both dice; the pawn moves by their sum
    Source: Turn Sequence ¶54-55
    See also: CD-PAS-01
    Example: three and five make eight
      Given a game of Justus Jonas, Peter Shaw and Bob Andrews
      When Justus Jonas rolls 3 and 5
      Then the roll counts 8 pips

    Example: the player must roll before moving
      Given a game of Justus Jonas, Peter Shaw and Bob Andrews
      When Justus Jonas tries to move to the Highschool
      Then the action is rejected as illegal_action
      And the game is exactly as it was

  @CD-MOV-02 @model-board
  Rule: A pawn moves only from a space to a neighbouring one, never diagonally, and may turn corners and go back and forth
    Source: Turn Sequence ¶56
    Our board is a graph whose every link is one straight step, so a move is
    a walk along links; going back and forth lets a walk of four end two
    steps away.

    Example: four pips from Justus's start space
      Given a game of Justus Jonas, Peter Shaw and Bob Andrews
      When Justus Jonas rolls 2 and 2
      Then Justus Jonas may move exactly to Highschool, Memorial Hospital, Ring 10, Ring 4, Ring 6, Ring 8 and the start space of Justus Jonas

  @CD-MOV-03 @ruling @model-board
  Rule: Stopping on a path space needs the exact roll, counting steps back and forth
    Source: Turn Sequence ¶56-57
    The rulebook makes exact counts unnecessary only for locations and
    Advantage spaces, so every other stop on the path uses the whole roll.

    Example: Ring 5 is three steps from Justus's start and cannot be the end of a four
      Given a game of Justus Jonas, Peter Shaw and Bob Andrews
      When Justus Jonas rolls 2 and 2
      Then Justus Jonas may not move to Ring 5

  @CD-MOV-04 @model-board
  Rule: Entering a location ends the move at once, however many pips are left
    Source: Turn Sequence ¶57; Secret Passages ¶89
    See also: CD-MOV-03, CD-ADV-02, CD-ACC-01
    Which places a roll reaches is our board's (CD-CMP-04 to CD-CMP-06).

    Example: Justus rolls twelve and enters the Highschool after four steps
      Given a game of Justus Jonas, Peter Shaw and Bob Andrews
      When Justus Jonas rolls 6 and 6
      And Justus Jonas moves to the Highschool
      Then Justus Jonas stands in the Highschool
      And Justus Jonas must ask a question in the Highschool

    Example: Justus enters the Headquarters with pips to spare, and may accuse there
      Given a game of Justus Jonas, Peter Shaw and Bob Andrews
      And Justus Jonas stands on Lane A3
      When Justus Jonas rolls 2 and 2
      And Justus Jonas moves to the Headquarters
      Then Justus Jonas stands in the Headquarters
      And Justus Jonas must accuse or end the turn

  @CD-MOV-05 @model-board
  Rule: When no location is in reach, the pawn stops on the path
    Source: Turn Sequence ¶58-59
    Example: two pips from Ring 3 reach no door
      Given a game of Justus Jonas, Peter Shaw and Bob Andrews without Advantage cards
      And Justus Jonas stands on Ring 3
      When Justus Jonas rolls ? and ?
      Then Justus Jonas may move exactly to Lane A2, Ring 1, Ring 3 and Ring 5

    Example: stopping on the path ends the turn
      Given a game of Justus Jonas, Peter Shaw and Bob Andrews without Advantage cards
      And Justus Jonas stands on Ring 3
      When Justus Jonas rolls ? and ?
      And Justus Jonas moves to Ring 5
      Then Justus Jonas stands on Ring 5
      And it is Peter Shaw's turn

  @CD-MOV-06 @ruling @model-board
  Rule: The player chooses freely among the places the roll allows; heading for a location is advice, not a duty
    Source: Turn Sequence ¶57
    The rulebook urges the player to make for a location, and, without an
    Advantage card, to get near the entrance they are aiming at.  Neither
    names a place the player must choose, so we read both as advice.  What
    is in reach of a roll is our board's (CD-CMP-04 to CD-CMP-06).

    Example: Justus may stay on the path although the Highschool is in reach
      Given a game of Justus Jonas, Peter Shaw and Bob Andrews
      When Justus Jonas rolls 2 and 2
      And Justus Jonas moves to Ring 4
      Then Justus Jonas stands on Ring 4

  @CD-MOV-07 @ruling @model-board
  Rule: A pawn that leaves a location by rolling may not come back into it in the same move
    Source: Turn Sequence ¶56
    The rulebook's questioning follows entering a location; walking out and
    straight back in would question twice in one place without moving.

    Example: leaving the Strand with a roll of four, Justus cannot re-enter it
      Given a game of Justus Jonas, Peter Shaw and Bob Andrews without Advantage cards
      And Justus Jonas stands in the Strand
      When Justus Jonas rolls 2 and 2
      Then Justus Jonas may not move to the Strand

  @CD-MOV-08
  Rule: A destination out of reach cannot be chosen, and nothing moves
    Source: Turn Sequence ¶55
    Example: Justus cannot run to the Friedhof with four pips
      Given a game of Justus Jonas, Peter Shaw and Bob Andrews
      When Justus Jonas rolls 2 and 2
      And Justus Jonas tries to move to the Friedhof
      Then the action is rejected as illegal_action
      And the game is exactly as it was

    Example: a move that names nothing is malformed
      Given a game of Justus Jonas, Peter Shaw and Bob Andrews
      When Justus Jonas rolls 2 and 2
      And Justus Jonas tries to send {"type": "move"}
      Then the action is rejected as bad_request
      And the game is exactly as it was

  @CD-MOV-09 @ruling @model-board
  Rule: Pawns never block one another: a pawn may pass or share any space another pawn stands on
    Source: Turn Sequence ¶56
    The rulebook says nothing of pawns in the way; we let them share spaces,
    so a move depends only on the board and the roll.

    Example: Peter on Ring 6 does not stop Justus from passing or stopping there
      Given a game of Justus Jonas, Peter Shaw and Bob Andrews
      And Peter Shaw stands on Ring 6
      When Justus Jonas rolls 2 and 2
      Then Justus Jonas may move to Ring 6
      And Justus Jonas may move to Highschool
