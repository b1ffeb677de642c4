@players-2
Feature: 2-Player Game
  Transcribes the rulebook section "2-Player Game": the rules are those of
  the main game except that each player holds four cards and, each round,
  lays down two, which are carried out one pair after the other, each with
  its tile effects, before the two players swap the cards they played.

  @SD-TWO-01 @setup
  Rule: Each of the two players is dealt four cards
    Source: 2-Player Game ¶88-89

    Example: Red and Yellow hold four cards each
      Given a game of Red and Yellow
      Then each player holds 4 cards
      And 8 action cards are in play

  @SD-TWO-02
  Rule: Each round each player lays two cards face down, side by side, one to be carried out first and one second
    Source: 2-Player Game ¶88, ¶90

    Example: both players choose two cards
      Given a game of Red and Yellow
      Then Red and Yellow must choose two cards

    Example: one card is not enough
      Given a game of Red and Yellow
      And Red holds Dead End
      When Red tries to play Dead End
      Then the action is rejected as illegal_action
      And the game is exactly as it was

    Example: the same card cannot be laid twice
      Given a game of Red and Yellow
      And Red holds Dead End
      When Red tries to play Dead End then Dead End
      Then the action is rejected as illegal_action
      And the game is exactly as it was

    Example: both cards stay hidden from the other player
      Given a game of Red and Yellow
      And Red holds Dead End and Informant
      When Red plays Dead End then Informant
      Then every view shows that Red has chosen
      And only Red's view shows the cards Red chose

  @SD-TWO-03
  Rule: The first cards are revealed and carried out, tile effects included, before the second cards are revealed
    Source: 2-Player Game ¶90

    Example: while Red asks at the Bar after the first cards, the second cards are still face down
      Given a game of Red and Yellow
      And Red stands on House 6
      And Yellow stands on House 2
      And Yellow has chosen Foot Patrol 002 then Foot Patrol 003
      And Red holds Foot Patrol 001 and Dead End
      When Red plays Foot Patrol 001 then Dead End
      Then the cards revealed are Foot Patrol 001 and Foot Patrol 002
      And Red must ask at the Bar
      And only Red's view shows the cards Red chose
      And only Yellow's view shows the cards Yellow chose

    Example: Red looks at House 2 after her first card, though her second card takes her away
      Given a game of Red and Yellow
      And Red stands on House 1
      And Yellow stands on House 4
      And House 2 hides the Knife
      And Yellow has chosen Foot Patrol 002 then Neighbor Survey
      And Red holds Foot Patrol 001 and Dead End
      When Red plays Foot Patrol 001 then Dead End
      Then Red stands on House 1
      And only Red has seen the Knife

  @SD-TWO-04
  Rule: After both pairs, the players swap the two cards they played
    Source: 2-Player Game ¶90

    Example: Red takes Yellow's two cards and Yellow takes Red's
      Given a game of Red and Yellow
      And Red stands on House 1
      And Yellow stands on House 4
      And Yellow has chosen Foot Patrol 002 then Neighbor Survey
      And Red holds Foot Patrol 001 and Dead End
      When Red plays Foot Patrol 001 then Dead End
      Then Red holds Foot Patrol 002 and Neighbor Survey
      And Yellow holds Foot Patrol 001 and Dead End
      And each player holds 4 cards
      And round 2 begins

  @SD-TWO-05 @ruling
  Rule: Each pair of cards is a round of its own for the tiles: the detectives in the street step back onto their tiles before the second cards are revealed
    Source: 2-Player Game ¶90
    The rulebook carries out both the card and the tile for each card in
    turn and keeps every other rule.  So after the first pair the detectives
    in the street step back, as at the end of a round; the cards are handed
    over only once, after the second pair.

    Example: Red, in the street after her Neighbor Survey, is back on House 1 when her On Wheels takes effect
      Given a game of Red and Yellow
      And Red stands on House 1
      And Yellow stands on House 4
      And Yellow has chosen Foot Patrol 002 then Informant
      And Red holds Neighbor Survey and On Wheels
      When Red plays Neighbor Survey then On Wheels
      Then Red must go to the Bar, House 2, House 3, the Police, House 4, House 5 or House 6
      And Red stands on House 1
