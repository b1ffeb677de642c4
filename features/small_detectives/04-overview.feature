Feature: Overview
  Transcribes the rulebook section "Overview": rounds in which everyone plays
  a card at once, effects in the order the cards give, cards handed on
  clockwise after each round, until someone solves the case.  Each point is
  stated in full in a later section (SD-CHO-*, SD-REV-*, SD-NXT-*, SD-END-*);
  the clauses here are the overview's own promises.

  @SD-OVR-01
  Rule: Every round, all players still in the game play a card at the same time
    Source: Overview ¶44

    Example: three players choose at once
      Given a game of Red, Yellow and Green
      Then Red, Yellow and Green must choose a card

    Example: five players choose one card each
      Given a game of Red, Yellow, Green, Blue and Purple
      Then Red, Yellow, Green, Blue and Purple must choose a card

    Example: a player out of the game plays no more
      Given a game of Red, Yellow, Green and Blue
      And Yellow is out of the game
      Then Red, Green and Blue must choose a card

  @SD-OVR-02
  Rule: After a round the cards go round the table clockwise and a new round begins, until somebody solves the case
    Source: Overview ¶44

    Example: Red's card goes to the next player clockwise
      Given a game of Red, Yellow and Green
      And Red stands on House 2
      And Yellow stands on House 3
      And Green stands on House 5
      And Yellow has chosen Foot Patrol 002 and Green has chosen Foot Patrol 001
      And Red holds Dead End
      When Red plays Dead End
      Then Yellow holds Dead End
      And round 2 begins
