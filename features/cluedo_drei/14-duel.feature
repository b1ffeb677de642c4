@variant-duel
Feature: Cluedo Duel for 2 players or teams
  Transcribes the rulebook section "Cluedo Duel for 2 Players or Teams":
  four cards lie face down beside the board before the deal; no Advantage
  cards; when the other side cannot show a card, the asker secretly looks at
  one of the four not yet seen and puts it back in its place.  In all else
  the Duel follows the basic rules (a card that can be shown is shown,
  CD-DUE-03).  The advice to mix younger and older players in teams changes
  no rule.

  @CD-DUE-01 @variant-duel @setup
  Rule: The Duel is for exactly two players or teams, and four clue cards are set aside face down before the deal
    Source: Cluedo Duel for 2 Players or Teams ¶94-98
    Example: each side holds seven cards and four lie face down
      Given a Duel of Justus Jonas and Peter Shaw
      Then each player holds 7 cards
      And 4 cards lie face down beside the board
      And 0 cards lie face up beside the board

    Example: three players cannot play the Duel
      When a Duel is requested for Justus Jonas, Peter Shaw and Bob Andrews
      Then the request is refused as bad_request

    Example: the four cards are set aside after the case file and before the deal
      Given a new Duel of Justus Jonas and Peter Shaw
      When the case file is filled with Mr. Grey, the golden belt and the Highschool
      And Brittany is set aside
      Then 1 card lies face down beside the board
      And no view shows the cards beside the board

  @CD-DUE-02 @variant-duel
  Rule: The Duel is played without Advantage cards
    Source: Cluedo Duel for 2 Players or Teams ¶99
    Example: a question mark draws nothing
      Given a Duel of Justus Jonas and Peter Shaw
      When Justus Jonas rolls ? and 4
      Then Justus Jonas may move on with 5 pips
      And there are no Advantage cards in the game

    @setup
    Example: asking for Advantage cards in a Duel is refused
      When a Duel with Advantage cards is requested for Justus Jonas and Peter Shaw
      Then the request is refused as bad_request

  @CD-DUE-03 @variant-duel
  Rule: When the other side cannot show a card, the asker secretly looks at one of the four cards beside the board
    Source: Cluedo Duel for 2 Players or Teams ¶100-102
    Example: Justus looks at the card in slot 2; Peter does not see it, and his turn follows
      Given a Duel of Justus Jonas and Peter Shaw
      And the case file holds Skinner Norris, the golden belt and the Friedhof
      And Justus Jonas has just entered the Friedhof
      When Justus Jonas asks about Skinner Norris, the golden belt and the Friedhof
      Then Justus Jonas must look at one of the cards in slots 1, 2, 3 and 4
      When Justus Jonas looks at the card in slot 2
      Then Justus Jonas has seen the card in slot 2
      And Peter Shaw has not seen the card in slot 2
      And it is Peter Shaw's turn

    @needs:CD-QUE-04 @needs:CD-END-01
    Example: when Peter shows a card, Justus looks at nothing beside the board: the turn passes
      Given a Duel of Justus Jonas and Peter Shaw
      And the case file holds Skinner Norris, the golden belt and the Friedhof
      And Peter Shaw holds the painting
      And Justus Jonas has just entered the Friedhof
      When Justus Jonas asks about Skinner Norris, the painting and the Friedhof
      And Peter Shaw shows the painting
      Then it is Peter Shaw's turn
      And Justus Jonas has not seen the card in slot 1

  @CD-DUE-04 @variant-duel
  Rule: The card looked at goes back face down in exactly the same place
    Source: Cluedo Duel for 2 Players or Teams ¶102
    Example: the four cards beside the board are unchanged
      Given a Duel of Justus Jonas and Peter Shaw
      And the case file holds Skinner Norris, the golden belt and the Friedhof
      And Justus Jonas has just entered the Friedhof
      When Justus Jonas asks about Skinner Norris, the golden belt and the Friedhof
      And Justus Jonas looks at the card in slot 3
      Then the cards beside the board are as they were
      And 4 cards lie face down beside the board

  @CD-DUE-05 @variant-duel
  Rule: Each later time the other side cannot show, the asker looks at a card beside the board they have not seen yet
    Source: Cluedo Duel for 2 Players or Teams ¶103
    Example: having seen slot 2, Justus may look only at slots 1, 3 and 4
      Given a Duel of Justus Jonas and Peter Shaw
      And the case file holds Skinner Norris, the golden belt and the Friedhof
      And Justus Jonas has already looked at the card in slot 2
      And Justus Jonas has just entered the Friedhof
      When Justus Jonas asks about Skinner Norris, the golden belt and the Friedhof
      Then Justus Jonas must look at one of the cards in slots 1, 3 and 4

  @CD-DUE-06 @ruling @variant-duel
  Rule: Once the asker has seen all four cards beside the board, an unanswered question ends the turn
    Source: Cluedo Duel for 2 Players or Teams ¶103
    The rulebook runs out of cards to look at without saying what follows;
    nothing more happens.

    Example: with all four seen, the turn passes
      Given a Duel of Justus Jonas and Peter Shaw
      And the case file holds Skinner Norris, the golden belt and the Friedhof
      And Justus Jonas has already looked at the cards in slots 1, 2, 3 and 4
      And Justus Jonas has just entered the Friedhof
      When Justus Jonas asks about Skinner Norris, the golden belt and the Friedhof
      Then nobody shows a card
      And it is Peter Shaw's turn

  @CD-DUE-07 @ruling @variant-duel
  Rule: A team plays as one player: it takes one investigator, one hand and one notepad
    Source: Cluedo Duel for 2 Players or Teams ¶94
    The rulebook lets teams play the Duel but treats each team like a player;
    a team is named by its investigator.

    Example: a team's cards are all in one hand
      Given a Duel of Justus Jonas and Peter Shaw
      Then the view of Justus Jonas shows 7 cards in his hand

  @CD-DUE-08 @variant-duel @setup
  Rule: With two players or teams the Duel's rules apply: a game of two is a Duel unless the standard game is asked for
    Source: Cluedo Duel for 2 Players or Teams ¶94
    See also: CD-SET-08
    Example: a game of two players is dealt as a Duel
      Given a game of Justus Jonas and Peter Shaw
      Then each player holds 7 cards
      And 4 cards lie face down beside the board
      And there are no Advantage cards in the game

    Example: two players asking only for the Advantage cards are refused: the Duel has none
      When a new game with Advantage cards is requested for Justus Jonas and Peter Shaw
      Then the request is refused as bad_request

  @CD-DUE-09 @ruling @variant-duel
  Rule: After an unanswered question in the Duel the other side sees which of the four places the asker looks at, never the card
    Source: Cluedo Duel for 2 Players or Teams ¶100-103
    See also: CD-QUE-06
    The rulebook has the asker look at one of the four cards "secretly" and put
    it back in exactly the same spot.  Across the table the other side sees
    which spot the card was lifted from, so we make the place public and the
    card private.  The asker learns the card looked at and that the other
    side holds none of the three named cards; unlike the basic game, that no
    longer proves the named cards are in the case file, since any of them may
    lie beside the board.

    Example: Peter sees that Justus looked at the second card, and only Justus knows it
      Given a Duel of Justus Jonas and Peter Shaw
      And the case file holds Skinner Norris, the golden belt and the Friedhof
      And Justus Jonas has just entered the Friedhof
      When Justus Jonas asks about Skinner Norris, the golden belt and the Friedhof
      Then Peter Shaw found no evidence, in that order
      When Justus Jonas looks at the card in slot 2
      Then everybody saw that Justus Jonas looked at the card in slot 2
      And Justus Jonas has seen the card in slot 2
      And Peter Shaw has not seen the card in slot 2

    Example: Peter shows nothing for Brittany, yet she is not in the case file: she lies beside the board
      Given a Duel of Justus Jonas and Peter Shaw
      And the case file holds Skinner Norris, the golden belt and the Friedhof
      And Brittany lies face down beside the board in slot 1
      And Justus Jonas has just entered the Friedhof
      When Justus Jonas asks about Brittany, the golden belt and the Friedhof
      Then Peter Shaw found no evidence, in that order
      When Justus Jonas looks at the card in slot 1
      Then Justus Jonas has seen Brittany beside the board
