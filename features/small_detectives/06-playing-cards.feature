Feature: 1. Playing Cards
  Transcribes the rulebook section "1. Playing Cards": every player picks a
  card from their hand and lays it face down; once everyone has, the round
  moves on.  The choice is sealed: it is made at the same time as the
  others, shown to nobody else, and final.

  Background:
    Given a game of Red, Yellow and Green

  @SD-CHO-01
  Rule: Each player still in the game picks one card of their own hand, in any order, without waiting for the others
    Source: 1. Playing Cards ¶52

    Example: Green may choose first
      Given Green holds Informant
      When Green plays Informant
      Then the action is accepted
      And Red and Yellow must choose a card

    Example: a card from another player's hand cannot be played
      Given Yellow holds Informant
      When Red tries to play Informant
      Then the action is rejected as illegal_action
      And the game is exactly as it was

    Example: a player out of the game chooses nothing
      Given Yellow is out of the game
      When Yellow tries to play Dead End
      Then the action is rejected as not_your_turn
      And the game is exactly as it was

  @SD-CHO-02
  Rule: The chosen card lies face down: every view shows that the player has chosen, only that player's view shows which card
    Source: 1. Playing Cards ¶52

    Example: Red's Police Raid stays hidden from Yellow, Green and the log
      Given Red holds Police Raid
      When Red plays Police Raid
      Then every view shows that Red has chosen
      And only Red's view shows the cards Red chose

  @SD-CHO-03
  Rule: A card once chosen cannot be taken back or changed
    Source: 1. Playing Cards ¶52

    Example: Red cannot change her mind
      Given Red holds Dead End and Informant
      When Red plays Dead End
      And Red tries to play Informant
      Then the action is rejected as not_your_turn
      And the game is exactly as it was

  @SD-CHO-04
  Rule: As soon as the last player has chosen, the round moves on to the effects of the cards
    Source: 1. Playing Cards ¶52

    Example: Green's choice, the last, turns the cards over
      Given Red stands on House 2
      And Yellow stands on House 3
      And Green stands on House 5
      And Red has chosen Dead End and Yellow has chosen Foot Patrol 002
      And Green holds Foot Patrol 001
      When Green plays Foot Patrol 001
      Then the cards revealed are Foot Patrol 001, Foot Patrol 002 and Dead End
