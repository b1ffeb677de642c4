Feature: Turn Sequence — Advantage cards
  Transcribes the part of step 2 of the rulebook's "Turn Sequence" about
  what to do when no room is in reach, and setup step 5: the
  question-mark face, the black Advantage spaces, the discard pile, and
  playing without the cards.  What each card does is our model (CD-CMP-08).

  @CD-ADV-01
  Rule: A roll showing a question mark draws an Advantage card at once, before the pawn moves
    Source: Turn Sequence ¶55
    See also: CD-ADV-06, CD-ADV-07, CD-TRN-04
    Example: Peter rolls a question mark and a four
      Given a game of Justus Jonas, Peter Shaw and Bob Andrews
      And it is Peter Shaw's turn
      When Peter Shaw rolls ? and 4
      Then an Advantage card must be drawn for Peter Shaw

    Example: the question mark may be on either die
      Given a game of Justus Jonas, Peter Shaw and Bob Andrews
      And it is Peter Shaw's turn
      When Peter Shaw rolls 4 and ?
      Then an Advantage card must be drawn for Peter Shaw

  @CD-ADV-02 @model-board
  Rule: An Advantage space may be stopped on with fewer pips than rolled, and stopping there draws a card
    Source: Turn Sequence ¶60
    Example: Peter stops on Ring 12 two steps into a roll of nine
      Given a game of Justus Jonas, Peter Shaw and Bob Andrews
      And it is Peter Shaw's turn
      When Peter Shaw rolls 4 and 5
      Then Peter Shaw may move to Ring 12
      When Peter Shaw moves to Ring 12
      Then Peter Shaw stands on Ring 12
      And an Advantage card must be drawn for Peter Shaw

    Example: Peter ends a roll of nine on Ring 19, no Advantage space: no card is drawn, and the turn passes
      Given a game of Justus Jonas, Peter Shaw and Bob Andrews
      And it is Peter Shaw's turn
      When Peter Shaw rolls 4 and 5
      And Peter Shaw moves to Ring 19
      Then Peter Shaw stands on Ring 19
      And it is Bob Andrews's turn

  @CD-ADV-03
  Rule: A card that has been played goes onto the discard pile
    Source: Turn Sequence ¶61
    Example: Peter's taxi card ends on the discard pile
      Given a game of Justus Jonas, Peter Shaw and Bob Andrews
      And it is Peter Shaw's turn
      When Peter Shaw rolls ? and 4
      And the Advantage card drawn is a taxi
      And Peter Shaw follows the card to the Bibliothek
      Then the Advantage discard pile holds 1 card
      And the Advantage stack holds 12 cards

  @CD-ADV-04 @ruling
  Rule: When the Advantage stack is used up, the discard pile is shuffled into a new stack
    Source: Turn Sequence ¶61
    The rulebook does not say what happens when the stack runs out; like
    most games we reuse the discards, so a question mark always draws.

    Example: the thirteen discarded cards become the stack again
      Given a game of Justus Jonas, Peter Shaw and Bob Andrews
      And it is Peter Shaw's turn
      And all 13 Advantage cards are on the discard pile
      When Peter Shaw rolls ? and 4
      And the Advantage card drawn is a tip-off
      Then the Advantage stack holds 12 cards
      And the Advantage discard pile holds 0 cards

  @CD-ADV-05 @ruling
  Rule: A drawn card is played at once and openly, or put away unused; a taxi or a call ends the move in its place, a tip-off lets the move go on
    Source: Turn Sequence ¶60
    The rulebook says to follow the card's instructions and, elsewhere, that
    a player need not draw at all; we let the drawer follow the card or put
    it on the discard pile unused.  A taxi or a call replaces the rest of
    the move; a tip-off drawn on a roll leaves the pips to move with.  A card
    drawn on an Advantage space comes after the move: once it is put away or
    its tip-off answered, the turn is over.

    Example: a taxi takes Peter into the Bibliothek, where he must question
      Given a game of Justus Jonas, Peter Shaw and Bob Andrews
      And it is Peter Shaw's turn
      When Peter Shaw rolls ? and 4
      And the Advantage card drawn is a taxi
      And Peter Shaw follows the card to the Bibliothek
      Then Peter Shaw stands in the Bibliothek
      And Peter Shaw has no pips left to move
      And Peter Shaw must ask a question in the Bibliothek

    Example: a call takes Peter into the Headquarters, where he may accuse
      Given a game of Justus Jonas, Peter Shaw and Bob Andrews
      And it is Peter Shaw's turn
      When Peter Shaw rolls ? and 4
      And the Advantage card drawn is a headquarters call
      And Peter Shaw follows the card to the Headquarters
      Then Peter Shaw stands in the Headquarters
      And Peter Shaw must accuse or end the turn

    Example: a tip-off makes Justus show Peter a card, then Peter moves his five
      Given a game of Justus Jonas, Peter Shaw and Bob Andrews
      And it is Peter Shaw's turn
      And Justus Jonas holds Wilbur Graham
      When Peter Shaw rolls ? and 4
      And the Advantage card drawn is a tip-off
      Then Peter Shaw may not follow the card naming Peter Shaw
      When Peter Shaw follows the card naming Justus Jonas
      Then Justus Jonas must show one of his cards
      When Justus Jonas shows Wilbur Graham
      Then Peter Shaw has seen Wilbur Graham
      And Peter Shaw may move on with 5 pips

    Example: put away unused, the card leaves Peter his five pips
      Given a game of Justus Jonas, Peter Shaw and Bob Andrews
      And it is Peter Shaw's turn
      When Peter Shaw rolls ? and 4
      And the Advantage card drawn is a taxi
      And Peter Shaw puts the card away
      Then Peter Shaw may move on with 5 pips
      And the Advantage discard pile holds 1 card

    @model-board
    Example: drawn on an Advantage space and put away, the card ends Peter's turn there
      Given a game of Justus Jonas, Peter Shaw and Bob Andrews
      And it is Peter Shaw's turn
      When Peter Shaw rolls 4 and 5
      And Peter Shaw moves to Ring 12
      And the Advantage card drawn is a taxi
      And Peter Shaw puts the card away
      Then Peter Shaw stands on Ring 12
      And the Advantage discard pile holds 1 card
      And it is Bob Andrews's turn

    @model-board
    Example: a tip-off drawn on an Advantage space: Justus shows Peter a card, and Peter's turn is over
      Given a game of Justus Jonas, Peter Shaw and Bob Andrews
      And it is Peter Shaw's turn
      And Justus Jonas holds Wilbur Graham
      When Peter Shaw rolls 4 and 5
      And Peter Shaw moves to Ring 12
      And the Advantage card drawn is a tip-off
      And Peter Shaw follows the card naming Justus Jonas
      And Justus Jonas shows Wilbur Graham
      Then Peter Shaw has seen Wilbur Graham
      And it is Bob Andrews's turn

    Example: a taxi cannot take Peter to the Headquarters
      Given a game of Justus Jonas, Peter Shaw and Bob Andrews
      And it is Peter Shaw's turn
      When Peter Shaw rolls ? and 4
      And the Advantage card drawn is a taxi
      And Peter Shaw tries to follow the card to the Headquarters
      Then the action is rejected as illegal_action
      And the game is exactly as it was

  @CD-ADV-06 @ruling
  Rule: Two question marks in one roll draw one card, not two
    Source: Turn Sequence ¶55
    The rulebook ties one card draw to a question mark on a die and never
    says that a second question mark draws again.  The roll counts two pips.

    Example: Peter rolls two question marks and draws once
      Given a game of Justus Jonas, Peter Shaw and Bob Andrews
      And it is Peter Shaw's turn
      When Peter Shaw rolls ? and ?
      And the Advantage card drawn is a taxi
      And Peter Shaw puts the card away
      Then the roll counts 2 pips
      And the Advantage stack holds 12 cards

  @CD-ADV-07 @ruling
  Rule: Without Advantage cards a question mark is only a pip
    Source: Setup ¶45; Turn Sequence ¶61
    See also: CD-ADV-08
    The rulebook lets the players put the cards away and then says only to
    move as close as possible to the entrance aimed at.  It does not say what
    the question mark becomes; with no card to draw, we give it no effect: it
    counts its one pip (CD-CMP-07).

    Example: no draw for a question mark
      Given a game of Justus Jonas, Peter Shaw and Bob Andrews without Advantage cards
      And it is Peter Shaw's turn
      When Peter Shaw rolls ? and 4
      Then the roll counts 5 pips
      And there are no Advantage cards in the game
      And Peter Shaw may move on with 5 pips

  @CD-ADV-08 @ruling @model-board
  Rule: Without Advantage cards the black spaces are ordinary path spaces
    Source: Setup ¶45; Turn Sequence ¶61
    See also: CD-ADV-07, CD-ADV-02
    The rulebook does not say what the black spaces become when the cards
    are put away; with no card to draw, we give them no effect: a black space
    needs the exact count like any other path space (CD-MOV-03).  Which
    spaces are black is our board's (CD-CMP-06).

    Example: Ring 12 needs the exact count like any path space
      Given a game of Justus Jonas, Peter Shaw and Bob Andrews without Advantage cards
      And it is Peter Shaw's turn
      When Peter Shaw rolls 4 and 5
      Then Peter Shaw may not move to Ring 12

    @needs:CD-MOV-05
    Example: without the cards, Peter stops on Ring 12 with the exact count and his turn ends there
      Given a game of Justus Jonas, Peter Shaw and Bob Andrews without Advantage cards
      And it is Peter Shaw's turn
      When Peter Shaw rolls ? and ?
      And Peter Shaw moves to Ring 12
      Then Peter Shaw stands on Ring 12
      And it is Bob Andrews's turn
