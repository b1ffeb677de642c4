Feature: Turn Sequence — who starts
  Transcribes step 1 of the rulebook's "Turn Sequence": every player rolls
  both dice, the highest total starts, then play goes clockwise.

  @CD-TRN-01 @model-start-roll
  Rule: Every player rolls both dice once and the one with the highest total starts
    Source: Turn Sequence ¶50-52
    Example: Peter's eleven beats seven and four
      Given a game of Justus Jonas, Peter Shaw and Bob Andrews, dealt
      When the dice show 3 and 4
      And the dice show 6 and 5
      And the dice show 2 and 2
      Then it is Peter Shaw's turn

    Example: the total counts, not the highest die: Peter's four and five beat Justus's six and two
      Given a game of Justus Jonas, Peter Shaw and Bob Andrews, dealt
      When the dice show 6 and 2
      And the dice show 4 and 5
      And the dice show 5 and 2
      Then it is Peter Shaw's turn

    Example: the dice are rolled for the players in their seating order
      Given a game of Justus Jonas, Peter Shaw and Bob Andrews, dealt
      When the dice show 3 and 4
      Then the dice are rolled next for Peter Shaw

  @CD-TRN-02 @ruling @model-start-roll
  Rule: Players tied for the highest total roll again, alone, until one of them is highest
    Source: Turn Sequence ¶52
    The rulebook does not say what a tie does.  Only those tied at the top
    roll again; the others are out of the running for the first turn.

    Example: Justus and Peter tie at twelve; Bob does not roll again
      Given a game of Justus Jonas, Peter Shaw and Bob Andrews, dealt
      When the dice show 6 and 6
      And the dice show 6 and 6
      And the dice show 2 and 3
      Then the dice are rolled next for Justus Jonas
      When the dice show 3 and 4
      Then the dice are rolled next for Peter Shaw
      When the dice show 5 and 5
      Then it is Peter Shaw's turn

    Example: a player left out of the re-roll cannot win it with their first roll
      Given a game of Justus Jonas, Peter Shaw and Bob Andrews, dealt
      When the dice show 6 and 6
      And the dice show 6 and 6
      And the dice show 6 and 5
      And the dice show 2 and 3
      And the dice show 2 and 2
      Then it is Justus Jonas's turn

  @CD-TRN-03
  Rule: After a player's turn the player to their left (next clockwise, the next in seating order) has the turn
    Source: Turn Sequence ¶53, ¶74
    See also: CD-ACC-08
    @needs:CD-END-01
    Example: after Peter's turn Bob plays
      Given a game of Justus Jonas, Peter Shaw and Bob Andrews
      And Peter Shaw has just entered the Strand
      When Peter Shaw asks about Dick Perry, the painting and the Strand
      And every question is answered
      Then it is Bob Andrews's turn

    @needs:CD-END-01
    Example: after the last seat's turn the first seat plays
      Given a game of Justus Jonas, Peter Shaw and Bob Andrews
      And Bob Andrews has just entered the Memorial Hospital
      When Bob Andrews asks about Dick Perry, the painting and the Memorial Hospital
      And every question is answered
      Then it is Justus Jonas's turn

    Example: a player cannot act on someone else's turn
      Given a game of Justus Jonas, Peter Shaw and Bob Andrews
      When Bob Andrews tries to accuse Brittany, the painting and the Strand
      Then the action is rejected as not_your_turn
      And the game is exactly as it was

  @CD-TRN-04 @ruling @model-start-roll
  Rule: In the roll for the start a question mark counts one pip and draws no Advantage card
    Source: Turn Sequence ¶51, ¶55
    The rulebook ties the Advantage draw to a roll made to move; the first
    roll only ranks the players.

    Example: Justus's question mark and six (seven) lose to Peter's eight, and nobody draws
      Given a game of Justus Jonas, Peter Shaw and Bob Andrews, dealt
      When the dice show ? and 6
      And the dice show 4 and 4
      And the dice show 2 and 3
      Then it is Peter Shaw's turn
      And the Advantage stack holds 13 cards
